// The message center (spec part2 §2.10): /message/discuss|reply|like|sys|mine. Tabs with unread
// badges, lists with red dots on unread items, source links, delete one, clean all. The open list
// refetches when a push says its kind changed (issue 13).
import { Card, Menu, MenuItem, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { Page } from '@oj/protocol';
import { MSG_PAGE_SIZES, type SysMsgVO, type UserMsgVO } from '@oj/protocol/message/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { Pager } from '../judge/Pager';
import { Markdown } from '../shell/Markdown';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { messageApi } from './api';
import { ConfirmButton } from './Confirm';
import { badgeCount, useMessages, type UnreadKey } from './store';
import './message.css';

const TABS = [
  { path: 'discuss', key: 'comment', clean: 'Discuss', label: 'msgCenter.discuss' },
  { path: 'reply', key: 'reply', clean: 'Reply', label: 'msgCenter.reply' },
  { path: 'like', key: 'like', clean: 'Like', label: 'msgCenter.like' },
  { path: 'sys', key: 'sys', clean: 'Sys', label: 'msgCenter.sys' },
  { path: 'mine', key: 'mine', clean: 'Mine', label: 'msgCenter.mine' },
] as const;
type Tab = (typeof TABS)[number];

const ACTION_LABEL: Record<UserMsgVO['action'], string> = {
  Discuss: 'msgCenter.actDiscuss',
  Reply: 'msgCenter.actReply',
  Like_Post: 'msgCenter.actLikePost',
  Like_Discuss: 'msgCenter.actLikeDiscuss',
};

function when(d: string): string {
  const date = new Date(d.replace('+0000', 'Z'));
  return Number.isNaN(date.getTime()) ? d : date.toLocaleString();
}

function RemindItem({ m, onDelete }: { m: UserMsgVO; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <Card className="oj-msg-item" data-testid="msg-item" data-state={m.state ? 'read' : 'unread'}>
      <div className="oj-msg-head">
        {!m.state && (
          <span className="oj-red-dot" data-testid="msg-unread-dot" aria-label={t('msgCenter.unread')} />
        )}
        <Link href={`/user-home?username=${encodeURIComponent(m.senderUsername)}`}>
          <strong>{m.senderUsername}</strong>
        </Link>
        <span className="bp6-text-muted">{t(ACTION_LABEL[m.action])}</span>
        <span className="bp6-text-muted bp6-text-small oj-msg-time">{when(m.gmtCreate)}</span>
        <ConfirmButton
          minimal
          small
          icon="trash"
          aria-label={t('msgCenter.delete')}
          question={t('msgCenter.confirmDelete')}
          onConfirm={onDelete}
          testId="msg-delete"
        />
      </div>
      {m.quoteContent && <blockquote className="oj-msg-quote bp6-text-muted">{m.quoteContent}</blockquote>}
      {m.sourceContent && <Markdown source={m.sourceContent} className="oj-msg-content" />}
      <div className="bp6-text-small">
        {t('msgCenter.source')}:{' '}
        {m.url ? (
          <Link href={m.url} data-testid="msg-source">
            {m.sourceTitle ?? m.url}
          </Link>
        ) : (
          (m.sourceTitle ?? t('msgCenter.deletedSource'))
        )}
      </div>
    </Card>
  );
}

function NoticeItem({ n, onDelete }: { n: SysMsgVO; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <Card className="oj-msg-item" data-testid="msg-item" data-state={n.state ? 'read' : 'unread'}>
      <div className="oj-msg-head">
        {!n.state && (
          <span className="oj-red-dot" data-testid="msg-unread-dot" aria-label={t('msgCenter.unread')} />
        )}
        <strong data-testid="msg-title">{n.title}</strong>
        <span className="bp6-text-muted bp6-text-small oj-msg-time">{when(n.gmtCreate)}</span>
        <ConfirmButton
          minimal
          small
          icon="trash"
          aria-label={t('msgCenter.delete')}
          question={t('msgCenter.confirmDelete')}
          onConfirm={onDelete}
          testId="msg-delete"
        />
      </div>
      <Markdown source={n.content} className="oj-msg-content" />
    </Card>
  );
}

function MessageList({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const version = useMessages((s) => s.versions[tab.key as UnreadKey]);
  const size = MSG_PAGE_SIZES[tab.key];
  useEffect(() => setPage(1), [tab.path]);
  const list = useLoad<Page<UserMsgVO | SysMsgVO>>(
    () =>
      tab.key === 'sys' || tab.key === 'mine'
        ? (messageApi.notices(tab.key, page, size) as Promise<Page<UserMsgVO | SysMsgVO>>)
        : (messageApi.reminds(tab.key, page, size) as Promise<Page<UserMsgVO | SysMsgVO>>),
    [tab.path, page, version],
  );
  const remove = async (id?: number) => {
    try {
      await messageApi.clean(tab.clean, id);
      toast.success(t('msgCenter.deleted'));
      list.reload();
    } catch {
      // shown by the client
    }
  };
  const records = list.data?.records ?? [];
  return (
    <div className="oj-msg-list" data-testid={`msg-list-${tab.path}`}>
      <div className="oj-msg-toolbar">
        <h3 className="bp6-heading">{t(tab.label)}</h3>
        <ConfirmButton
          small
          intent="danger"
          icon="clean"
          text={t('msgCenter.clean')}
          disabled={records.length === 0}
          question={t('msgCenter.confirmClean')}
          onConfirm={() => remove()}
          testId="msg-clean"
        />
      </div>
      {list.loading && !list.data ? (
        <Spinner data-testid="msg-loading" />
      ) : records.length === 0 ? (
        <div data-testid="msg-empty">
          <NonIdealState icon="inbox" title={t('msgCenter.empty')} />
        </div>
      ) : (
        <>
          {records.map((r) =>
            'action' in r ? (
              <RemindItem key={r.id} m={r} onDelete={() => remove(r.id)} />
            ) : (
              <NoticeItem key={r.id} n={r} onDelete={() => remove(r.id)} />
            ),
          )}
          <Pager page={page} size={size} total={list.data?.total ?? 0} onPage={setPage} />
        </>
      )}
    </div>
  );
}

export function MessagePage() {
  const { t } = useTranslation();
  const params = useParams<{ category?: string }>();
  const [, navigate] = useLocation();
  const unread = useMessages((s) => s.unread);
  const tab = TABS.find((x) => x.path === params.category);
  useEffect(() => {
    if (!tab) navigate('/message/discuss', { replace: true });
  }, [tab, navigate]);
  if (!tab) return null;
  return (
    <div className="oj-msg-page" data-testid="message-page">
      <Card className="oj-msg-tabs">
        <h2 className="bp6-heading">{t('msgCenter.title')}</h2>
        <Menu>
          {TABS.map((x) => (
            <MenuItem
              key={x.path}
              active={x.path === tab.path}
              text={t(x.label)}
              data-testid={`msg-tab-${x.path}`}
              onClick={() => navigate(`/message/${x.path}`)}
              labelElement={
                unread[x.key] > 0 ? (
                  <Tag round intent="danger" data-testid={`msg-tab-${x.path}-count`}>
                    {badgeCount(unread[x.key])}
                  </Tag>
                ) : undefined
              }
            />
          ))}
        </Menu>
      </Card>
      <Card className="oj-msg-main">
        <MessageList tab={tab} />
      </Card>
    </div>
  );
}

export default MessagePage;
