// /group: search, My Group toggle, auth filter tags, cards, pager with sizes 9/15/30/60/120, and the
// fullscreen create dialog (spec §2.1, §5, §9.1).
import {
  Button,
  Callout,
  Card,
  Classes,
  Dialog,
  HTMLSelect,
  NonIdealState,
  ProgressBar,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { GROUP_PAGE_SIZES, type GroupCard } from '@oj/protocol/group';
import { groupCreateBlock, type GroupCreateRule } from '@oj/protocol/write-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Pager } from '../judge/Pager';
import { KeywordSearch } from '../shell/KeywordSearch';
import { Markdown } from '../shell/Markdown';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { isLoggedIn, useSession } from '../store/session';
import { useUi } from '../store/ui';
import { groupApi } from './api';
import { GroupForm } from './GroupForm';
import { groupListQueryString, parseGroupListQuery, type GroupListQuery } from './rules';
import './group.css';

export function AuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation();
  const [key, intent] =
    auth === 1
      ? (['public', 'success'] as const)
      : auth === 2
        ? (['protected', 'warning'] as const)
        : (['private', 'danger'] as const);
  return (
    <Tag minimal intent={intent} data-testid="group-auth-tag">
      {t(`groupUi.${key}`)}
    </Tag>
  );
}

export function GroupAvatar({ src, name, size = 48 }: { src: string | null; name: string; size?: number }) {
  return src ? (
    <img className="oj-group-avatar" src={src} alt="" width={size} height={size} />
  ) : (
    <span
      className="oj-group-avatar oj-group-avatar-default"
      style={{ width: size, height: size }}
      aria-hidden
    >
      {[...name][0]?.toUpperCase() ?? '?'}
    </span>
  );
}

function GroupCardView({ g }: { g: GroupCard }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const loggedIn = useSession(isLoggedIn);
  const openLogin = useUi((s) => s.openAccountDialog);
  const open = () => {
    if (!loggedIn) {
      toast.warning(t('groupUi.loginFirst'));
      openLogin('Login');
      return;
    }
    navigate(`/group/${g.id}`);
  };
  return (
    <Card interactive className="oj-group-card" onClick={open} data-testid={`group-card-${g.id}`}>
      <div className="oj-group-card-head">
        <GroupAvatar src={g.avatar} name={g.name} />
        <div className="oj-group-card-title">
          <strong>{g.name}</strong>
          <a
            href={`/user-home?username=${encodeURIComponent(g.owner)}`}
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              navigate(`/user-home?username=${encodeURIComponent(g.owner)}`);
            }}
          >
            {g.owner}
          </a>
        </div>
      </div>
      <p className="oj-group-card-brief">{g.brief}</p>
      <div className="oj-group-card-meta">
        <AuthTag auth={g.auth} />
        {!g.visible && (
          <Tag minimal data-testid="group-hidden-tag">
            {t('groupUi.hidden')}
          </Tag>
        )}
        <span>
          {t('groupUi.members')}: <span data-testid="group-member-count">{g.memberCount}</span>
        </span>
        <span className={Classes.TEXT_MUTED}>{g.gmtCreate.slice(0, 10)}</span>
      </div>
    </Card>
  );
}

/** Why the user cannot create a group now, with their progress (issue #26 item 5). */
function GroupCreateRuleNotice({ rule, block }: { rule: GroupCreateRule; block: 'ac' | 'daily' | 'total' }) {
  const { t } = useTranslation();
  return (
    <Callout intent="warning" compact className="oj-group-create-rule" data-testid="group-create-rule">
      {block === 'ac' ? (
        <>
          <div>{t('groupCreateRule.ac', { need: rule.need, accepted: rule.accepted })}</div>
          <ProgressBar
            intent="primary"
            stripes={false}
            value={rule.need > 0 ? rule.accepted / rule.need : 1}
            aria-label={`${rule.accepted}/${rule.need}`}
          />
        </>
      ) : block === 'daily' ? (
        t('groupCreateRule.daily', { limit: rule.dailyLimit, count: rule.createdToday })
      ) : (
        t('groupCreateRule.total', { limit: rule.totalLimit, count: rule.created })
      )}
    </Callout>
  );
}

function CreateGroupDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={open}
      onClose={onClose}
      title={t('groupUi.create')}
      className="oj-group-fullscreen-dialog"
    >
      <div className={Classes.DIALOG_BODY} data-testid="group-create-dialog">
        <GroupForm
          submitLabel={t('groupUi.submit')}
          onCancel={onClose}
          onSubmit={async (body) => {
            await groupApi.create(body);
            toast.success(t('groupUi.createSuccess'));
            onCreated();
          }}
        />
      </div>
    </Dialog>
  );
}

const AUTH_FILTERS = [
  [0, 'all'],
  [1, 'public'],
  [2, 'protected'],
  [3, 'private'],
] as const;

export function GroupListPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const loggedIn = useSession(isLoggedIn);
  const openLogin = useUi((s) => s.openAccountDialog);
  const query = parseGroupListQuery(search);
  const [creating, setCreating] = useState(false);
  const [createVersion, setCreateVersion] = useState(0);
  // The creation rule and the user's standing, before the form opens (issue #26 item 5).
  const createRule = useLoad(
    () => (loggedIn ? groupApi.createRule() : Promise.resolve(null)),
    [loggedIn, createVersion],
  ).data;
  const createBlock = createRule ? groupCreateBlock(createRule) : null;
  const go = (next: Partial<GroupListQuery>) =>
    navigate(`/group${groupListQueryString({ ...query, currentPage: 1, ...next })}`);
  const list = useLoad(
    () =>
      groupApi.list({
        currentPage: query.currentPage,
        limit: query.limit,
        onlyMine: query.onlyMine && loggedIn,
        ...(query.keyword ? { keyword: query.keyword } : {}),
        ...(query.auth ? { auth: query.auth } : {}),
      }),
    [query.currentPage, query.limit, query.keyword, query.auth, query.onlyMine, loggedIn],
  );
  return (
    <div className="oj-group-list" data-testid="group-list">
      <div className="oj-group-toolbar">
        <KeywordSearch
          placeholder={t('groupUi.search')}
          value={query.keyword}
          onSearch={(k) => go({ keyword: k })}
          testId="group-search"
        />
        <Switch
          checked={query.onlyMine && loggedIn}
          disabled={!loggedIn}
          label={query.onlyMine && loggedIn ? t('groupUi.myGroup') : t('groupUi.allGroup')}
          onChange={(e) => go({ onlyMine: e.currentTarget.checked })}
          data-testid="group-only-mine"
        />
        <Button
          intent="primary"
          icon="plus"
          onClick={() => {
            if (!loggedIn) {
              toast.warning(t('groupUi.loginFirst'));
              openLogin('Login');
              return;
            }
            setCreating(true);
          }}
          disabled={createBlock !== null}
          data-testid="group-create"
        >
          {t('groupUi.create')}
        </Button>
      </div>
      {createRule && createBlock && <GroupCreateRuleNotice rule={createRule} block={createBlock} />}
      <div className="oj-group-filters" role="group">
        {AUTH_FILTERS.map(([auth, key]) => (
          <Tag
            key={auth}
            interactive
            large
            minimal={query.auth !== auth}
            intent={query.auth === auth ? 'primary' : 'none'}
            onClick={() => go({ auth })}
            data-testid={`group-filter-${key}`}
          >
            {t(`groupUi.${key}`)}
          </Tag>
        ))}
      </div>
      {list.loading && !list.data ? (
        <Spinner data-testid="group-list-loading" />
      ) : list.failed && !list.data ? (
        <NonIdealState
          icon="error"
          title={t('groupUi.loadFailed')}
          action={<Button onClick={list.reload}>{t('groupUi.retry')}</Button>}
        />
      ) : !list.data || list.data.records.length === 0 ? (
        <div data-testid="group-list-empty">
          <NonIdealState icon="people" title={t('groupUi.empty')} />
        </div>
      ) : (
        <div className="oj-group-cards">
          {list.data.records.map((g) => (
            <GroupCardView key={g.id} g={g} />
          ))}
        </div>
      )}
      <div className="oj-group-pager">
        <Pager
          page={query.currentPage}
          size={query.limit}
          total={list.data?.total ?? 0}
          onPage={(currentPage) => navigate(`/group${groupListQueryString({ ...query, currentPage })}`)}
        />
        <HTMLSelect
          value={query.limit}
          onChange={(e) => go({ limit: Number(e.target.value) })}
          data-testid="group-page-size"
          options={GROUP_PAGE_SIZES.map((n) => ({ value: n, label: t('groupUi.pageSize', { n }) }))}
        />
      </div>
      <CreateGroupDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          setCreateVersion((v) => v + 1);
          list.reload();
        }}
      />
    </div>
  );
}

/** Read-only markdown of a group (detail page). */
export const GroupDescription = ({ source }: { source: string }) => <Markdown source={source} />;
