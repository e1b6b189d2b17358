// Discussion pages (spec part2 §2.8): the list (/discussion, /discussion/{problemID}) and the
// detail (/discussion-detail/{id}) with its comment area, which updates when a push says a
// comment arrived (issue 13). Behind the openPublicDiscussion switch.
import {
  Breadcrumbs,
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  InputGroup,
  Menu,
  MenuItem,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import type { Discussion, DiscussionCategory } from '@oj/protocol/discussion/posts';
import type { DiscussionCommentPushed } from '@oj/protocol/realtime/message';
import { MessageClientEvents, MessageServerEvents } from '@oj/protocol/realtime/names';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { ApiError } from '../api/client';
import { connectSocket } from '../api/socket';
import { Pager } from '../judge/Pager';
import { MathMarkdown } from '../problem/MathMarkdown';
import { ConfirmButton } from '../message/Confirm';
import { KeywordSearch } from '../shell/KeywordSearch';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { useSite } from '../store/site';
import { isAdmin, isLoggedIn, isSuperAdmin, useSession } from '../store/session';
import { useUi } from '../store/ui';
import { CommentArea } from './CommentArea';
import { PostEditor } from './PostEditor';
import { useDiscussionWriteRule, WriteRuleNotice } from './write-rule';
import { discussionBlock } from '@oj/protocol/write-rules';
import { groupPostApi, postApi } from './posts-api';
import { ReportDialog } from './ReportDialog';
import { categoryLabel } from './category-names';
import './discussion.css';
import './posts.css';

function when(d: string): string {
  const date = new Date(d.replace('+0000', 'Z'));
  return Number.isNaN(date.getTime()) ? d : date.toLocaleString();
}

/** Redirects home with a notice when public discussion is off (spec part2 §6). */
function useDiscussionSwitch(): boolean {
  const { t } = useTranslation();
  const on = useSite((s) => s.config.openPublicDiscussion);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!on) {
      toast.warning(t('discussionUi.switchOff'));
      navigate('/home', { replace: true });
    }
  }, [on, navigate, t]);
  return on;
}

/** Login first: a warning and the login dialog (spec part2 §5). */
function useRequireLogin(): () => boolean {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const open = useUi((s) => s.openAccountDialog);
  return () => {
    if (loggedIn) return true;
    toast.warning(t('discussionUi.loginFirst'));
    open('Login');
    return false;
  };
}

function CategoryEditor({
  open,
  onClose,
  categories,
  onSaved,
}: {
  open: boolean;
  onClose(): void;
  categories: DiscussionCategory[];
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<{ id?: number; name: string }[]>([]);
  useEffect(() => {
    if (open) setRows(categories.map((c) => ({ id: c.id, name: c.name })));
  }, [open, categories]);
  return (
    <Dialog isOpen={open} onClose={onClose} title={t('discussionUi.editCategories')}>
      <DialogBody>
        {rows.map((r, i) => (
          <InputGroup
            key={r.id ?? `new-${i}`}
            className="oj-category-row"
            value={r.name}
            placeholder={t('discussionUi.categoryName')}
            onChange={(e) =>
              setRows((all) => all.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
            }
            data-testid={`category-row-${i}`}
          />
        ))}
        <Button
          icon="plus"
          text={t('discussionUi.addCategory')}
          onClick={() => setRows((all) => [...all, { name: '' }])}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('discussionUi.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              text={t('discussionUi.save')}
              data-testid="category-save"
              onClick={async () => {
                try {
                  await postApi.saveCategories(rows.filter((r) => r.name.trim()));
                  toast.success(t('discussionUi.updated'));
                  onSaved();
                  onClose();
                } catch {
                  // shown by the client
                }
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}

/** A post of a list; `gid` makes its links the group's (detail and problem). A seeded category's name shows translated. */
export function PostCard({ d, category, gid }: { d: Discussion; category?: string; gid?: number }) {
  const { t } = useTranslation();
  return (
    <Card className="oj-post-card" data-testid="discussion-card">
      <div className="oj-post-card-title">
        {d.topPriority && (
          <Tag intent="danger" minimal icon="pin">
            {t('discussionUi.top')}
          </Tag>
        )}
        <Link
          href={gid ? `/group/${gid}/discussion-detail/${d.id}` : `/discussion-detail/${d.id}`}
          data-testid="discussion-link"
        >
          <strong>{d.title}</strong>
        </Link>
      </div>
      <div className="bp6-text-muted oj-post-card-desc">{d.description}</div>
      <div className="oj-post-meta bp6-text-small bp6-text-muted">
        <span>{d.author}</span>
        {category && <Tag minimal>{categoryLabel(category, t)}</Tag>}
        {d.pid && (
          <Link
            href={
              gid
                ? `/group/${gid}/problem/${encodeURIComponent(d.pid)}`
                : `/problem/${encodeURIComponent(d.pid)}`
            }
          >
            <Tag minimal intent="primary">
              {d.pid}
            </Tag>
          </Link>
        )}
        <span>
          {t('discussionUi.views')} {d.viewNum}
        </span>
        <span>
          {t('discussionUi.likes')} {d.likeNum}
        </span>
        <span>
          {t('discussionUi.comments')} {d.commentNum}
        </span>
        <span className="oj-post-time">{when(d.gmtCreate)}</span>
      </div>
    </Card>
  );
}

export function DiscussionList() {
  const { t } = useTranslation();
  const on = useDiscussionSwitch();
  const params = useParams<{ problemID?: string }>();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const pid = params.problemID ? decodeURIComponent(params.problemID) : undefined;
  const loggedIn = useSession(isLoggedIn);
  const superAdmin = useSession(isSuperAdmin);
  const requireLogin = useRequireLogin();
  const [keyword, setKeyword] = useState(search.get('keyword') ?? '');
  const [cid, setCid] = useState<number | undefined>(
    search.get('cid') ? Number(search.get('cid')) : undefined,
  );
  const [onlyMine, setOnlyMine] = useState(search.get('onlyMine') === 'true');
  const [page, setPage] = useState(Number(search.get('currentPage')) || 1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState(false);
  const [editingCategories, setEditingCategories] = useState(false);
  const categories = useLoad(() => postApi.categories(), [version]);
  const writeRule = useDiscussionWriteRule(version);
  const postBlocked = !!writeRule && discussionBlock(writeRule, 'post') !== null;
  const list = useLoad(
    () =>
      postApi
        .list({
          currentPage: page,
          limit: 10,
          keyword: keyword || undefined,
          cid,
          pid,
          onlyMine: onlyMine || undefined,
        })
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.failure.kind === 'forbidden') {
            toast.warning(err.message);
            navigate('/home', { replace: true });
          }
          throw err;
        }),
    [page, keyword, cid, pid, onlyMine, version],
  );
  const names = new Map((categories.data ?? []).map((c) => [c.id, categoryLabel(c.name, t)]));
  if (!on) return null;

  return (
    <div className="oj-discussion-page" data-testid="discussion-list">
      <div className="oj-discussion-main">
        <Breadcrumbs
          items={[
            {
              text: t('discussionUi.title'),
              href: '/discussion',
              onClick: (e) => (e.preventDefault(), navigate('/discussion')),
            },
            ...(pid ? [{ text: t('discussionUi.problemScope', { pid }) }] : []),
            ...(cid && names.get(cid) ? [{ text: names.get(cid)! }] : []),
          ]}
        />
        <KeywordSearch
          placeholder={t('discussionUi.search')}
          onSearch={(k) => {
            setKeyword(k);
            setPage(1);
          }}
          testId="discussion-search"
        />
        {list.loading && !list.data ? (
          <Spinner data-testid="discussion-loading" />
        ) : !list.data || list.data.records.length === 0 ? (
          <div data-testid="discussion-empty">
            <NonIdealState icon="chat" title={t('discussionUi.empty')} />
          </div>
        ) : (
          <>
            {list.data.records.map((d) => (
              <PostCard key={d.id} d={d} category={names.get(d.categoryId)} />
            ))}
            <Pager page={page} size={10} total={list.data.total} onPage={setPage} />
          </>
        )}
      </div>
      <aside className="oj-discussion-side">
        <Card>
          <Button
            fill
            intent="primary"
            icon="edit"
            text={t('discussionUi.post')}
            data-testid="discussion-post"
            disabled={postBlocked}
            onClick={() => requireLogin() && setEditing(true)}
          />
          <WriteRuleNotice rule={writeRule} kind="post" />
          {loggedIn && (
            <Switch
              className="oj-side-switch"
              checked={onlyMine}
              label={t('discussionUi.onlyMine')}
              onChange={(e) => {
                setOnlyMine(e.currentTarget.checked);
                setPage(1);
              }}
              data-testid="discussion-only-mine"
            />
          )}
          {pid && (
            <>
              <Button
                fill
                minimal
                icon="arrow-left"
                text={t('discussionUi.backToAll')}
                onClick={() => navigate('/discussion')}
              />
              <Button
                fill
                minimal
                icon="document"
                text={t('discussionUi.backToProblem')}
                onClick={() => navigate(`/problem/${encodeURIComponent(pid)}`)}
              />
            </>
          )}
        </Card>
        <Card>
          <div className="oj-side-head">
            <strong>{t('discussionUi.categories')}</strong>
            {superAdmin && (
              <Button
                small
                minimal
                icon="edit"
                aria-label={t('discussionUi.editCategories')}
                onClick={() => setEditingCategories(true)}
                data-testid="category-edit"
              />
            )}
          </div>
          <Menu>
            <MenuItem
              text={t('discussionUi.allCategories')}
              active={cid === undefined}
              onClick={() => {
                setCid(undefined);
                setPage(1);
              }}
            />
            {(categories.data ?? []).map((c) => (
              <MenuItem
                key={c.id}
                text={categoryLabel(c.name, t)}
                active={cid === c.id}
                data-testid={`category-${c.id}`}
                onClick={() => {
                  setCid(c.id);
                  setPage(1);
                }}
              />
            ))}
          </Menu>
        </Card>
      </aside>
      {categories.data && (
        <PostEditor
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setVersion((v) => v + 1);
          }}
          categories={categories.data}
          fixedPid={pid}
        />
      )}
      <CategoryEditor
        open={editingCategories}
        onClose={() => setEditingCategories(false)}
        categories={categories.data ?? []}
        onSaved={() => setVersion((v) => v + 1)}
      />
    </div>
  );
}

/** Refreshes the comment area when a push says a comment arrived under `did`. */
function useCommentPush(did: number): number {
  const token = useSession((s) => s.token);
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (!Number.isInteger(did)) return;
    let live = true;
    let off = () => undefined as void;
    void connectSocket(token).then((socket) => {
      if (!live) return;
      const join = () => socket.emit(MessageClientEvents.subscribeDiscussion, { did }, () => undefined);
      const onComment = (e: DiscussionCommentPushed) => {
        if (e.did === did) setKey((k) => k + 1);
      };
      join();
      socket.on('connect', join);
      socket.on(MessageServerEvents.discussionComment, onComment);
      off = () => {
        socket.off('connect', join);
        socket.off(MessageServerEvents.discussionComment, onComment);
        socket.emit(MessageClientEvents.unsubscribeDiscussion, { did }, () => undefined);
      };
    });
    return () => {
      live = false;
      off();
    };
  }, [did, token]);
  return key;
}

export function DiscussionDetail() {
  const on = useDiscussionSwitch();
  const params = useParams<{ discussionID: string }>();
  const search = new URLSearchParams(useSearch());
  const groupId = search.get('groupID');
  if (!on) return null;
  return <DiscussionPost did={Number(params.discussionID)} groupId={groupId} />;
}

/**
 * A post with its like, report, edit, delete and comment area. In a group (`group`), the back
 * links, the problem link, edit and delete go to the group's pages and calls; the group's admins
 * (`group.manage`) may edit and delete too.
 */
export function DiscussionPost({
  did,
  groupId = null,
  group,
}: {
  did: number;
  groupId?: string | null;
  group?: { gid: number; manage: boolean };
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const user = useSession((s) => s.user);
  const siteAdmin = useSession(isAdmin);
  const admin = group ? group.manage : siteAdmin;
  const listHref = group ? `/group/${group.gid}/discussion` : '/discussion';
  const problemGroup = group ? String(group.gid) : groupId;
  const requireLogin = useRequireLogin();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const detail = useLoad(() => postApi.detail(did), [did, version]);
  const categories = useLoad(() => postApi.categories(), []);
  const refreshKey = useCommentPush(did);
  const [liked, setLiked] = useState<{ hasLike: boolean; likeNum: number } | null>(null);
  useEffect(() => {
    if (detail.data) setLiked({ hasLike: !!detail.data.hasLike, likeNum: detail.data.likeNum });
  }, [detail.data]);

  if (detail.loading && !detail.data) return <Spinner data-testid="discussion-loading" />;
  const d = detail.data;
  if (!d)
    return (
      <NonIdealState
        icon="error"
        title={t('discussionUi.empty')}
        action={<Link href={listHref}>{t('discussionUi.backToAll')}</Link>}
      />
    );
  const mine = user?.uid === d.uid;

  async function toggleLike() {
    if (!requireLogin() || !d) return;
    const cur = liked ?? { hasLike: !!d.hasLike, likeNum: d.likeNum };
    const to = !cur.hasLike;
    try {
      await postApi.like(did, to);
      setLiked({ hasLike: to, likeNum: cur.likeNum + (to ? 1 : -1) });
      toast.success(t(to ? 'discussionUi.liked' : 'discussionUi.unliked'));
    } catch {
      // shown by the client
    }
  }

  return (
    <div className="oj-discussion-detail" data-testid="discussion-detail">
      <Breadcrumbs
        items={[
          {
            text: t('discussionUi.title'),
            href: listHref,
            onClick: (e) => (e.preventDefault(), navigate(listHref)),
          },
          group
            ? { text: categoryLabel(d.categoryName, t) }
            : {
                text: categoryLabel(d.categoryName, t),
                href: `/discussion?cid=${d.categoryId}`,
                onClick: (e) => (e.preventDefault(), navigate(`/discussion?cid=${d.categoryId}`)),
              },
          { text: d.title },
        ]}
      />
      <Card className="oj-post">
        <h2 className="bp6-heading" data-testid="discussion-title">
          {d.topPriority && (
            <Tag intent="danger" minimal icon="pin" className="oj-post-pin">
              {t('discussionUi.top')}
            </Tag>
          )}
          {d.title}
        </h2>
        <div className="oj-post-meta bp6-text-small bp6-text-muted">
          <Link href={`/user-home?username=${encodeURIComponent(d.author)}`}>{d.author}</Link>
          {d.role === 'root' && (
            <Tag minimal intent="danger">
              SPA
            </Tag>
          )}
          {d.role === 'admin' && (
            <Tag minimal intent="warning">
              ADM
            </Tag>
          )}
          {d.titleName && (
            <Tag minimal style={d.titleColor ? { background: d.titleColor, color: '#fff' } : undefined}>
              {d.titleName}
            </Tag>
          )}
          <span>{when(d.gmtCreate)}</span>
          <span data-testid="discussion-views">
            {t('discussionUi.views')} {d.viewNum}
          </span>
        </div>
        <MathMarkdown source={d.content} testId="discussion-content" />
        <div className="oj-post-actions">
          <Button
            icon={liked?.hasLike ? 'heart' : 'heart-broken'}
            intent={liked?.hasLike ? 'danger' : 'none'}
            text={`${t(liked?.hasLike ? 'discussionUi.unlike' : 'discussionUi.like')} ${liked?.likeNum ?? d.likeNum}`}
            onClick={toggleLike}
            data-testid="discussion-like"
          />
          <Button
            icon="flag"
            text={t('discussionUi.report')}
            onClick={() => requireLogin() && setReporting(true)}
            data-testid="discussion-report"
          />
          {d.pid && (
            <Button
              icon="document-open"
              text={t('discussionUi.goProblem')}
              data-testid="discussion-problem"
              onClick={() =>
                navigate(
                  problemGroup
                    ? `/group/${problemGroup}/problem/${encodeURIComponent(d.pid!)}`
                    : `/problem/${encodeURIComponent(d.pid!)}`,
                )
              }
            />
          )}
          {(mine || (group?.manage ?? false)) && (
            <Button
              icon="edit"
              text={t('discussionUi.edit')}
              onClick={() => setEditing(true)}
              data-testid="discussion-edit"
            />
          )}
          {(mine || admin) && (
            <ConfirmButton
              icon="trash"
              intent="danger"
              text={t('discussionUi.delete')}
              question={t('discussionUi.confirmDelete')}
              testId="discussion-delete"
              onConfirm={async () => {
                try {
                  await (group ? groupPostApi : postApi).remove(did);
                  toast.success(t('discussionUi.deleted'));
                  navigate(listHref);
                } catch {
                  // shown by the client
                }
              }}
            />
          )}
        </div>
      </Card>
      <Card className="oj-post-comments">
        <CommentArea source={{ kind: 'discussion', did }} contest={null} refreshKey={refreshKey} />
      </Card>
      <ReportDialog did={did} open={reporting} onClose={() => setReporting(false)} />
      {categories.data && (
        <PostEditor
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setVersion((v) => v + 1);
          }}
          categories={categories.data}
          editId={did}
          {...(group ? { gid: group.gid, canPin: group.manage } : {})}
          initial={{
            title: d.pid && d.title.startsWith(`[${d.pid}] `) ? d.title.slice(d.pid.length + 3) : d.title,
            description: d.description,
            content: d.content,
            categoryId: d.categoryId,
            pid: d.pid ?? '',
            topPriority: d.topPriority,
          }}
        />
      )}
    </div>
  );
}
