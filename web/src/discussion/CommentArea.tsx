// The comment area (spec part2 §2.9) for a contest's Q&A or a discussion: a comment box with an
// emoji picker and a markdown toolbar, the comment count, paged comments with likes, replies
// (three inline, show all / collapse), deletes after a confirmation, and Load More.
import type { CommentVO, ReplyVO } from '@oj/protocol/discussion/schemas';
import {
  Button,
  ButtonGroup,
  Callout,
  NonIdealState,
  PopoverNext,
  ProgressBar,
  Spinner,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseServerDate } from '../contest/rules';
import { Markdown } from '../shell/Markdown';
import { markdownLink, uploadMarkdownFile, UploadError } from '../shell/md-upload';
import { toast } from '../shell/toaster';
import { isLoggedIn, useSession } from '../store/session';
import { useUi } from '../store/ui';
import { commentApi, type CommentSource } from './api';
import { discussionBlock } from '@oj/protocol/write-rules';
import { useDiscussionWriteRule, WriteRuleNotice } from './write-rule';
import {
  applySnippet,
  canDelete,
  canReply,
  COMMENT_PAGE_SIZE,
  contentError,
  EMOJI,
  hasMoreReplies,
  relativeTime,
  shownReplies,
  type Snippet,
  type Viewer,
} from './comment-rules';
import './discussion.css';

/** Toolbar buttons: a bundled icon where one fits, else a short text. */
const SNIPPETS: [Snippet, { icon?: 'code' | 'console' | 'list'; text?: string }][] = [
  ['inlineCode', { icon: 'code' }],
  ['codeBlock', { icon: 'console' }],
  ['link', { text: 'URL' }],
  ['ul', { icon: 'list' }],
  ['ol', { text: '1.' }],
];

/** Asks for login (spec §5): a warning, then the login dialog. */
function useRequireLogin(): () => boolean {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const open = useUi((s) => s.openAccountDialog);
  return () => {
    if (loggedIn) return true;
    toast.warning(t('commentArea.loginFirst'));
    open('Login');
    return false;
  };
}

function CommentBox({
  placeholder,
  submitLabel,
  testId,
  onSubmit,
  autoFocus = false,
  blocked = false,
}: {
  placeholder: string;
  submitLabel: string;
  testId: string;
  onSubmit(content: string): Promise<boolean>;
  autoFocus?: boolean;
  /** The writing rule refuses this user (issue #26 item 4): box and button disabled. */
  blocked?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  /** Upload progress (0..1) of a pasted or dropped file, null when none runs. */
  const [uploading, setUploading] = useState<number | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  // Pasted or dropped images go up as markdown images (issue 13), inserted at the caret.
  const upload = async (files: File[]) => {
    for (const file of files) {
      setUploading(0);
      try {
        const { link, image } = await uploadMarkdownFile(file, { onProgress: setUploading });
        const md = markdownLink(file.name, link, image);
        insert((s, a, b) => ({ text: s.slice(0, a) + md + s.slice(b), caret: a + md.length }));
      } catch (err) {
        toast.error(err instanceof UploadError ? err.message : t('mdEditor.uploadFailed'));
      } finally {
        setUploading(null);
      }
    }
  };
  const insert = (make: (text: string, start: number, end: number) => { text: string; caret: number }) => {
    const el = ref.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = make(text, start, end);
    setText(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };
  const submit = async () => {
    const error = contentError(text);
    if (error) {
      toast.warning(t(error));
      return;
    }
    setBusy(true);
    try {
      if (await onSubmit(text)) setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="oj-comment-box" data-testid={testId}>
      <TextArea
        inputRef={ref}
        fill
        rows={3}
        autoFocus={autoFocus}
        placeholder={placeholder}
        aria-label={placeholder}
        disabled={blocked}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPaste={(e) => {
          const files = [...e.clipboardData.files];
          if (files.length === 0) return;
          e.preventDefault();
          void upload(files);
        }}
        onDrop={(e) => {
          const files = [...e.dataTransfer.files];
          if (files.length === 0) return;
          e.preventDefault();
          void upload(files);
        }}
        data-testid={`${testId}-input`}
      />
      {uploading !== null && (
        <ProgressBar value={uploading} stripes={uploading < 1} data-testid={`${testId}-upload`} />
      )}
      <div className="oj-comment-toolbar">
        <ButtonGroup minimal>
          <PopoverNext
            content={
              <div className="oj-emoji-grid">
                {EMOJI.map((e) => (
                  <Button
                    key={e}
                    minimal
                    small
                    onClick={() =>
                      insert((s, a, b) => ({ text: s.slice(0, a) + e + s.slice(b), caret: a + e.length }))
                    }
                  >
                    {e}
                  </Button>
                ))}
              </div>
            }
          >
            <Button small aria-label={t('commentArea.emoji')} title={t('commentArea.emoji')}>
              😀
            </Button>
          </PopoverNext>
          {SNIPPETS.map(([snippet, label]) => (
            <Button
              key={snippet}
              small
              icon={label.icon}
              aria-label={t(`commentArea.${snippet}`)}
              title={t(`commentArea.${snippet}`)}
              onClick={() => insert((s, a, b) => applySnippet(s, a, b, snippet))}
            >
              {label.text}
            </Button>
          ))}
        </ButtonGroup>
        <Button
          intent="primary"
          loading={busy}
          disabled={blocked}
          onClick={() => void submit()}
          data-testid={`${testId}-submit`}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}

/** What a comment and a reply have in common: who wrote it and when. */
type Post = Pick<
  CommentVO & ReplyVO,
  'id' | 'fromUid' | 'fromName' | 'fromAvatar' | 'fromRole' | 'fromTitleName' | 'fromTitleColor' | 'gmtCreate'
>;

interface ReplyTarget {
  uid: string;
  name: string;
  avatar: string | null;
  quote: number;
  type: 'Comment' | 'Reply';
}

/** A reply to `post` addresses its author and quotes it. */
function replyTarget(post: Post, type: ReplyTarget['type']): ReplyTarget {
  return { uid: post.fromUid, name: post.fromName, avatar: post.fromAvatar, quote: post.id, type };
}

function Author({ post }: { post: Post }) {
  const { t } = useTranslation();
  const {
    fromName: name,
    fromAvatar: avatar,
    fromRole: role,
    fromTitleName: titleName,
    fromTitleColor: titleColor,
    gmtCreate: at,
  } = post;
  const [key, n] = relativeTime(parseServerDate(at) ?? Date.now(), Date.now());
  return (
    <div className="oj-comment-author">
      {avatar ? (
        <img src={avatar} alt="" className="oj-comment-avatar" />
      ) : (
        <span className="oj-comment-avatar oj-comment-avatar-empty" aria-hidden>
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <strong>{name}</strong>
      {titleName && (
        <Tag minimal style={titleColor ? { color: titleColor } : undefined}>
          {titleName}
        </Tag>
      )}
      {role === 'root' && (
        <Tag intent="danger" minimal>
          SPA
        </Tag>
      )}
      {role === 'admin' && (
        <Tag intent="warning" minimal>
          ADM
        </Tag>
      )}
      <span className="oj-comment-time" title={at}>
        {t(key, { n })}
      </span>
    </div>
  );
}

interface ItemProps {
  source: CommentSource;
  comment: CommentVO;
  liked: boolean;
  viewer: Viewer | null;
  contest: { isAdmin: boolean } | null;
  onChanged(): void;
  onLiked(id: number, liked: boolean): void;
  /** Replies refused by the writing rule (issue #26 item 4). */
  blocked?: boolean;
}

function CommentItem({ source, comment, liked, viewer, contest, onChanged, onLiked, blocked }: ItemProps) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [all, setAll] = useState<ReplyVO[] | null>(null);
  const [expanded, setExpanded] = useState(false);

  const loadAll = useCallback(async () => {
    try {
      setAll(await commentApi.replies(source, comment.id));
      setExpanded(true);
    } catch {
      // shown by the client
    }
  }, [source, comment.id]);

  const like = async () => {
    if (!requireLogin()) return;
    try {
      await commentApi.like(source, comment.id, !liked);
      toast.success(t(liked ? 'commentArea.unliked' : 'commentArea.liked'));
      onLiked(comment.id, !liked);
    } catch {
      // shown by the client
    }
  };
  const remove = async () => {
    if (!window.confirm(t('commentArea.deleteConfirm'))) return;
    try {
      await commentApi.remove(source, comment);
      toast.success(t('commentArea.deleted'));
      onChanged();
    } catch {
      // shown by the client
    }
  };
  const removeReply = async (r: ReplyVO) => {
    if (!window.confirm(t('commentArea.deleteConfirm'))) return;
    try {
      await commentApi.removeReply(source, r);
      toast.success(t('commentArea.deleted'));
      if (expanded) await loadAll();
      onChanged();
    } catch {
      // shown by the client
    }
  };
  const sendReply = async (content: string) => {
    if (!replyTo || !requireLogin()) return false;
    try {
      await commentApi.reply(
        source,
        { commentId: comment.id, toUid: replyTo.uid, toName: replyTo.name, toAvatar: replyTo.avatar },
        content,
        { id: replyTo.quote, type: replyTo.type },
      );
      toast.success(t('commentArea.posted'));
      setReplyTo(null);
      if (expanded) await loadAll();
      onChanged();
      return true;
    } catch {
      return false;
    }
  };

  const mayReply = canReply(viewer, comment, contest);
  const replies = shownReplies(comment.replyList, all, expanded);
  return (
    <li className="oj-comment" data-testid={`comment-${comment.id}`}>
      <Author post={comment} />
      <Markdown source={comment.content} className="oj-comment-content" />
      <div className="oj-comment-actions">
        <Button
          small
          minimal
          icon="thumbs-up"
          intent={liked ? 'primary' : 'none'}
          onClick={() => void like()}
          aria-label={t('commentArea.like')}
          data-testid={`comment-like-${comment.id}`}
        >
          {comment.likeNum}
        </Button>
        {mayReply && (
          <Button
            small
            minimal
            icon="chat"
            onClick={() => setReplyTo(replyTarget(comment, 'Comment'))}
            data-testid={`comment-reply-${comment.id}`}
          >
            {t('commentArea.reply')}
          </Button>
        )}
        {canDelete(viewer, comment.fromUid, contest) && (
          <Button
            small
            minimal
            intent="danger"
            icon="cross"
            onClick={() => void remove()}
            data-testid={`comment-delete-${comment.id}`}
          >
            {t('commentArea.delete')}
          </Button>
        )}
      </div>
      {replies.length > 0 && (
        <ul className="oj-replies">
          {replies.map((r) => (
            <li key={r.id} className="oj-reply" data-testid={`reply-${r.id}`}>
              <Author post={r} />
              <div className="oj-reply-body">
                <span className="oj-reply-to">@{r.toName}</span>
                <Markdown source={r.content} className="oj-comment-content" />
              </div>
              <div className="oj-comment-actions">
                {mayReply && (
                  <Button small minimal icon="chat" onClick={() => setReplyTo(replyTarget(r, 'Reply'))}>
                    {t('commentArea.reply')}
                  </Button>
                )}
                {canDelete(viewer, r.fromUid, contest) && (
                  <Button small minimal intent="danger" icon="cross" onClick={() => void removeReply(r)}>
                    {t('commentArea.delete')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {hasMoreReplies(comment) &&
        (expanded ? (
          <Button small minimal onClick={() => setExpanded(false)}>
            {t('commentArea.collapse')}
          </Button>
        ) : (
          <Button small minimal onClick={() => void loadAll()} data-testid={`comment-show-all-${comment.id}`}>
            {t('commentArea.showAll', { n: comment.totalReplyNum ?? 0 })}
          </Button>
        ))}
      {replyTo && (
        <CommentBox
          autoFocus
          testId={`reply-box-${comment.id}`}
          placeholder={t('commentArea.replyPlaceholder', { name: replyTo.name })}
          submitLabel={t('commentArea.submitReply')}
          onSubmit={sendReply}
          blocked={blocked}
        />
      )}
    </li>
  );
}

export interface CommentAreaProps {
  source: CommentSource;
  /** Contest Q&A: whether the viewer is a contest admin. Null for discussions. */
  contest: { isAdmin: boolean } | null;
  /** Shown above the box (the contest Q&A tips). */
  notice?: ReactNode;
  /** Changing it reloads the loaded pages (a push said something was posted). */
  refreshKey?: number;
}

export function CommentArea({ source, contest, notice, refreshKey = 0 }: CommentAreaProps) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const requireLogin = useRequireLogin();
  const viewer: Viewer | null = user ? { uid: user.uid, roles: user.roleList } : null;
  const [comments, setComments] = useState<CommentVO[]>([]);
  const [likes, setLikes] = useState<Record<string, boolean>>({});
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(1);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);
  const key = source.kind === 'contest' ? `c${source.cid}` : `d${source.did}`;
  // Discussions hold comments and replies to the accepted-problem rule; contest Q&A does not.
  const writeRule = useDiscussionWriteRule();
  const blocked = source.kind !== 'contest' && !!writeRule && discussionBlock(writeRule, 'comment') !== null;

  // Reloads every loaded page at once, so Load More and a refresh agree.
  const reload = useCallback(
    (count: number) => {
      const mine = ++seq.current;
      setLoading(true);
      commentApi.list(source, 1, COMMENT_PAGE_SIZE * count).then(
        (r) => {
          if (mine !== seq.current) return;
          setComments(r.commentList.records);
          setTotal(r.commentList.total);
          setLikes(r.commentLikeMap);
          setFailed(false);
          setLoading(false);
        },
        () => {
          if (mine !== seq.current) return;
          setFailed(true);
          setLoading(false);
        },
      );
    },
    // the source is identified by its key (a new object each render is the same source)
    [key],
  );
  useEffect(() => reload(pages), [reload, pages, refreshKey]);

  const post = async (content: string) => {
    if (!requireLogin()) return false;
    try {
      await commentApi.post(source, content);
      toast.success(t('commentArea.posted'));
      reload(pages);
      return true;
    } catch {
      return false;
    }
  };

  return (
    <div className="oj-comment-area" data-testid="comment-area">
      {notice}
      {source.kind !== 'contest' && <WriteRuleNotice rule={writeRule} kind="comment" />}
      <CommentBox
        testId="comment-box"
        placeholder={t('commentArea.placeholder')}
        submitLabel={t('commentArea.submit')}
        onSubmit={post}
        blocked={blocked}
      />
      <div className="oj-comment-total" data-testid="comment-total">
        {t('commentArea.total', { count: total })}
      </div>
      {loading && comments.length === 0 ? (
        <Spinner data-testid="comment-loading" />
      ) : failed && comments.length === 0 ? (
        <NonIdealState
          icon="error"
          title={t('commentArea.notAvailable')}
          action={<Button onClick={() => reload(pages)}>{t('contestUi.retry')}</Button>}
        />
      ) : comments.length === 0 ? (
        <div data-testid="comment-empty">
          <NonIdealState icon="chat" title={t('commentArea.empty')} />
        </div>
      ) : (
        <ul className="oj-comments">
          {comments.map((c) => (
            <CommentItem
              key={c.id}
              source={source}
              comment={c}
              liked={!!likes[String(c.id)]}
              viewer={viewer}
              contest={contest}
              blocked={blocked}
              onChanged={() => reload(pages)}
              onLiked={(id, on) => {
                setLikes((m) => ({ ...m, [String(id)]: on }));
                setComments((list) =>
                  list.map((x) =>
                    x.id === id ? { ...x, likeNum: Math.max(0, x.likeNum + (on ? 1 : -1)) } : x,
                  ),
                );
              }}
            />
          ))}
        </ul>
      )}
      {comments.length < total && (
        <Button
          minimal
          loading={loading}
          onClick={() => setPages((p) => p + 1)}
          data-testid="comment-load-more"
        >
          {t('commentArea.loadMore')}
        </Button>
      )}
    </div>
  );
}

/** The contest Q&A notice with its three tips (spec §2.5). */
export function QaNotice() {
  const { t } = useTranslation();
  return (
    <Callout intent="primary" icon="info-sign" title={t('commentArea.qaTitle')} data-testid="qa-notice">
      <ol className="oj-qa-tips">
        <li>{t('commentArea.tips.one')}</li>
        <li>{t('commentArea.tips.two')}</li>
        <li>{t('commentArea.tips.three')}</li>
      </ol>
    </Callout>
  );
}
