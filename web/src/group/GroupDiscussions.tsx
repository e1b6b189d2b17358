// Discussions tab (spec §2.9): the group's live posts as cards (pinned first, by the server's
// order), a post button with the fullscreen editor, edit/delete on a card for its author and the
// group's admins, and for group admins the admin table of every post (any status). The detail
// (/group/:gid/discussion-detail/:did) is the discussion page's post with the group's links.
// Behind the openGroupDiscussion switch.
import { Button, ButtonGroup, HTMLTable, NonIdealState, Switch, Tag } from '@blueprintjs/core';
import type { Discussion } from '@oj/protocol/discussion/posts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { DiscussionPost, PostCard } from '../discussion/pages';
import { PostEditor } from '../discussion/PostEditor';
import { groupPostApi, postApi } from '../discussion/posts-api';
import { Pager } from '../judge/Pager';
import { ConfirmButton } from '../message/Confirm';
import { LoadedList } from '../shell/LoadedList';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { useSite } from '../store/site';
import { isAdminView, type Viewer } from './GroupArea';

export const GROUP_DISCUSSION_PAGE_SIZE = 10;

/** The edit form's fields of a stored post (the title without its "[pid] " prefix). */
const formOf = (d: Discussion) => ({
  title: d.pid && d.title.startsWith(`[${d.pid}] `) ? d.title.slice(d.pid.length + 3) : d.title,
  description: d.description,
  content: d.content ?? '',
  categoryId: d.categoryId,
  pid: d.pid ?? '',
  topPriority: d.topPriority,
});

function useRemove(reload: () => void) {
  const { t } = useTranslation();
  return async (did: number) => {
    try {
      await groupPostApi.remove(did);
      toast.success(t('discussionUi.deleted'));
      reload();
    } catch {
      // shown by the client
    }
  };
}

function PostList({
  gid,
  viewer,
  version,
  pid,
}: {
  gid: number;
  viewer: Viewer;
  version: number;
  pid: string | undefined;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Discussion | null>(null);
  const list = useLoad(
    () => groupPostApi.list(gid, page, GROUP_DISCUSSION_PAGE_SIZE, pid),
    [gid, page, version, pid],
  );
  const categories = useLoad(() => postApi.categories(), []);
  const names = new Map((categories.data ?? []).map((c) => [c.id, c.name]));
  const remove = useRemove(list.reload);
  const manage = isAdminView(viewer);
  return (
    <>
      <LoadedList
        list={list}
        isEmpty={(d) => d.records.length === 0}
        emptyTitle={t('discussionUi.empty')}
        emptyTestId="group-discussions-empty"
        loadingTestId="group-discussions-loading"
      >
        {(data) => (
          <div className="oj-group-posts">
            {data.records.map((d) => (
              <div key={d.id} data-testid={`group-discussion-${d.id}`}>
                <PostCard
                  d={d}
                  gid={gid}
                  {...(names.has(d.categoryId) ? { category: names.get(d.categoryId)! } : {})}
                />
                {(d.uid === viewer.uid || manage) && (
                  <ButtonGroup minimal>
                    <Button
                      small
                      icon="edit"
                      text={t('discussionUi.edit')}
                      onClick={() => setEditing(d)}
                      data-testid={`group-discussion-edit-${d.id}`}
                    />
                    <ConfirmButton
                      small
                      icon="trash"
                      intent="danger"
                      text={t('discussionUi.delete')}
                      question={t('discussionUi.confirmDelete')}
                      testId={`group-discussion-delete-${d.id}`}
                      onConfirm={() => remove(d.id)}
                    />
                  </ButtonGroup>
                )}
              </div>
            ))}
            <Pager page={page} size={GROUP_DISCUSSION_PAGE_SIZE} total={data.total} onPage={setPage} />
          </div>
        )}
      </LoadedList>
      {categories.data && editing && (
        <PostEditor
          open
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
          categories={categories.data}
          editId={editing.id}
          initial={formOf(editing)}
          gid={gid}
          canPin={manage}
        />
      )}
    </>
  );
}

function PostAdmin({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const list = useLoad(() => groupPostApi.adminList(gid, page, GROUP_DISCUSSION_PAGE_SIZE), [gid, page]);
  const remove = useRemove(list.reload);
  return (
    <LoadedList
      list={list}
      isEmpty={(d) => d.records.length === 0}
      emptyTitle={t('discussionUi.empty')}
      emptyTestId="group-discussion-admin-empty"
    >
      {(data) => (
        <div className="oj-table-scroll">
          <HTMLTable striped className="oj-group-table" data-testid="group-discussion-admin">
            <thead>
              <tr>
                <th>ID</th>
                <th>{t('groupUi.title')}</th>
                <th>{t('groupUi.author')}</th>
                <th>{t('groupUi.discussionStatus')}</th>
                <th>{t('groupUi.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((d) => (
                <tr key={d.id} data-testid={`group-admin-discussion-${d.id}`}>
                  <td>{d.id}</td>
                  <td>
                    {d.topPriority && (
                      <Tag minimal intent="danger" icon="pin">
                        {t('discussionUi.top')}
                      </Tag>
                    )}{' '}
                    {d.title}
                  </td>
                  <td>{d.author}</td>
                  <td>
                    <Tag minimal intent={d.status === 0 ? 'success' : 'danger'}>
                      {t(d.status === 0 ? 'groupUi.discussionNormal' : 'groupUi.discussionDisabled')}
                    </Tag>
                  </td>
                  <td>
                    <Button
                      small
                      minimal
                      icon="eye-open"
                      aria-label={t('groupUi.open')}
                      onClick={() => navigate(`/group/${gid}/discussion-detail/${d.id}`)}
                    />
                    <ConfirmButton
                      small
                      minimal
                      intent="danger"
                      icon="trash"
                      aria-label={t('discussionUi.delete')}
                      question={t('discussionUi.confirmDelete')}
                      testId={`group-admin-discussion-delete-${d.id}`}
                      onConfirm={() => remove(d.id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Pager page={page} size={GROUP_DISCUSSION_PAGE_SIZE} total={data.total} onPage={setPage} />
        </div>
      )}
    </LoadedList>
  );
}

/** The tab; with `pid` (/group/:gid/discussion/:problemID) only that problem's posts. */
export function GroupDiscussions({ gid, viewer, pid }: { gid: number; viewer: Viewer; pid?: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const on = useSite((s) => s.config.openGroupDiscussion);
  const [admin, setAdmin] = useState(false);
  const [posting, setPosting] = useState(false);
  const [version, setVersion] = useState(0);
  const categories = useLoad(() => postApi.categories(), []);
  if (!on) return <NonIdealState icon="disable" title={t('groupUi.discussionOff')} />;
  const canAdmin = isAdminView(viewer);
  return (
    <div className="oj-group-discussions" data-testid="group-discussions">
      <div className="oj-group-toolbar">
        <Button
          icon="edit"
          intent="primary"
          text={t('discussionUi.post')}
          disabled={!categories.data}
          onClick={() => setPosting(true)}
          data-testid="group-discussion-post"
        />
        {pid && (
          <Tag
            large
            minimal
            intent="primary"
            onRemove={() => navigate(`/group/${gid}/discussion`)}
            data-testid="group-discussion-problem"
          >
            {pid}
          </Tag>
        )}
        {canAdmin && (
          <Switch
            checked={admin}
            label={t('groupUi.discussionAdmin')}
            onChange={(e) => setAdmin(e.currentTarget.checked)}
            data-testid="group-discussion-admin-switch"
          />
        )}
      </div>
      {admin && canAdmin ? (
        <PostAdmin gid={gid} />
      ) : (
        <PostList gid={gid} viewer={viewer} version={version} pid={pid} />
      )}
      {categories.data && (
        <PostEditor
          open={posting}
          onClose={() => setPosting(false)}
          onSaved={() => {
            setPosting(false);
            setVersion((v) => v + 1);
          }}
          categories={categories.data}
          gid={gid}
          canPin={canAdmin}
          {...(pid ? { fixedPid: pid } : {})}
        />
      )}
    </div>
  );
}

/** /group/:gid/discussion-detail/:did. */
export function GroupDiscussionDetail({ gid, did, viewer }: { gid: number; did: number; viewer: Viewer }) {
  const { t } = useTranslation();
  const on = useSite((s) => s.config.openGroupDiscussion);
  if (!on) return <NonIdealState icon="disable" title={t('groupUi.discussionOff')} />;
  return <DiscussionPost did={did} group={{ gid, manage: isAdminView(viewer) }} />;
}
