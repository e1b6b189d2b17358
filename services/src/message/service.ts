// The message center (reference core.md §9) and admin notices (groups-admin-files.md §4.3).
// The only module of the capability that publishes: a user's new unread counts after every
// change (their user room), and one broadcast event per site-wide notice.
import { makePage, toDateStr } from '@oj/protocol';
import type { Bus } from '@oj/protocol/bus';
import {
  DEFAULT_NOTICE_PAGE_SIZE,
  type AdminNoticeBody,
  type AdminSysNoticeVO,
  type MsgListQuery,
  type NoticeListQuery,
  type NoticeType,
  type SysMsgVO,
  type UnreadCounts,
  type UserMsgVO,
} from '@oj/protocol/message/schemas';
import { MessageSubjects, type NoticeBroadcast, type UnreadPushed } from '@oj/protocol/realtime/message';
import type { NoticePort } from '../platform/shared-ports';
import { fail, notFound } from '../platform/http/errors';
import type { AuthUser } from '../platform/http/access';
import { M } from './messages';
import type { MessageSourcePort, Reminder, ReminderPort } from './ports';
import * as repo from './repository';
import {
  audienceOf,
  cleanTarget,
  LIST_ACTIONS,
  noticeError,
  pageArgs,
  quoteContent,
  sourceContent,
  unreadKeyOf,
} from './rules';

export interface MessageServiceDeps {
  db: repo.Db;
  bus: Bus;
  sources: MessageSourcePort;
  now: () => number;
  log?: { warn(obj: object, msg?: string): void };
}

type RemindList = keyof typeof LIST_ACTIONS;

export function createMessageService(deps: MessageServiceDeps) {
  const { db } = deps;
  /** Read marks run after the answer went out; tracked so tests and shutdown can wait for them. */
  const pending = new Set<Promise<unknown>>();

  async function unread(uid: string): Promise<UnreadCounts> {
    const { reminds, notices } = await repo.unreadCounts(db, uid);
    const c: UnreadCounts = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
    for (const r of reminds) {
      const key = unreadKeyOf(r.action);
      if (key) c[key] += r.n;
    }
    for (const n of notices) {
      if (n.kind === 'Sys') c.sys += n.n;
      else if (n.kind === 'Mine') c.mine += n.n;
    }
    return c;
  }

  /** Pushes a user's current counts to their room. */
  async function push(uid: string, kind?: string) {
    try {
      const event: UnreadPushed = { uid, counts: await unread(uid), kind, at: deps.now() };
      await deps.bus.publish(MessageSubjects.unread(uid), event);
    } catch (err) {
      deps.log?.warn({ err, uid }, 'pushing unread counts failed');
    }
  }

  function later(task: () => Promise<unknown>) {
    const p: Promise<unknown> = task()
      .catch((err: unknown) => deps.log?.warn({ err }, 'marking messages read failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  }

  // ---------- reminders ----------

  async function remind(r: Reminder): Promise<void> {
    await repo.insertRemind(db, {
      action: r.action,
      recipientId: r.recipientId,
      senderId: r.senderId,
      sourceId: r.sourceId,
      sourceType: r.sourceType,
      sourceContent: sourceContent(r.sourceContent ?? null),
      quoteId: r.quoteId ?? null,
      quoteType: r.quoteType ?? null,
      url: r.url,
    });
    await push(r.recipientId, unreadKeyOf(r.action) ?? undefined);
  }

  /** GET /api/msg/comment | reply | like: the page, then its unread items are marked read. */
  async function reminds(user: AuthUser, list: RemindList, q: MsgListQuery) {
    const p = pageArgs(q.currentPage, q.limit);
    const { total, rows } = await repo.listReminds(db, user.uid, LIST_ACTIONS[list], p.current, p.limit);
    const discussionIds = rows.filter((r) => r.sourceType === 'Discussion').map((r) => r.sourceId);
    const contestIds = rows.filter((r) => r.sourceType === 'Contest').map((r) => r.sourceId);
    const quoted = rows
      .filter((r) => r.quoteId !== null && (r.quoteType === 'Comment' || r.quoteType === 'Reply'))
      .map((r) => ({ id: r.quoteId!, type: r.quoteType as 'Comment' | 'Reply' }));
    const [dTitles, cTitles, quotes] = await Promise.all([
      deps.sources.discussionTitles(discussionIds),
      deps.sources.contestTitles(contestIds),
      list === 'reply' ? deps.sources.quotes(quoted) : Promise.resolve(new Map()),
    ]);
    const records: UserMsgVO[] = rows.map((r) => {
      const title =
        r.sourceType === 'Contest'
          ? (cTitles.get(r.sourceId) ?? M.CONTEST_DELETED)
          : (dTitles.get(r.sourceId) ?? M.DISCUSSION_DELETED);
      const qt = r.quoteType === 'Comment' || r.quoteType === 'Reply' ? r.quoteType : null;
      return {
        id: r.id,
        action: r.action as UserMsgVO['action'],
        sourceId: r.sourceId,
        sourceType: r.sourceType as UserMsgVO['sourceType'],
        sourceTitle: title,
        sourceContent: r.sourceContent,
        quoteId: r.quoteId,
        quoteType: qt,
        quoteContent:
          list === 'reply' && qt && r.quoteId !== null
            ? quoteContent(quotes.get(`${qt}:${r.quoteId}`) ?? null, qt)
            : null,
        url: r.url,
        state: r.state,
        senderId: r.senderId,
        senderUsername: r.senderUsername ?? '',
        senderAvatar: r.senderAvatar ?? null,
        gmtCreate: toDateStr(r.gmtCreate)!,
      };
    });
    const unreadIds = rows.filter((r) => !r.state).map((r) => r.id);
    if (unreadIds.length)
      later(async () => {
        if ((await repo.markRemindsRead(db, user.uid, unreadIds)) > 0) await push(user.uid, list);
      });
    return makePage(records, total, p.limit, p.current);
  }

  // ---------- notices ----------

  /** GET /api/msg/sys | mine. */
  async function notices(user: AuthUser, kind: 'Sys' | 'Mine', q: MsgListQuery) {
    const p = pageArgs(q.currentPage, q.limit);
    const { total, rows } = await repo.listNotices(db, user.uid, kind, p.current, p.limit);
    const records: SysMsgVO[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      adminId: r.adminId,
      type: kind,
      state: !!r.read,
      gmtCreate: toDateStr(r.gmtCreate)!,
    }));
    const unreadRows = rows.filter((r) => !r.read);
    if (unreadRows.length)
      later(async () => {
        const personal = unreadRows.filter((r) => r.audience !== 'all').map((r) => r.id);
        const broadcast = unreadRows.filter((r) => r.audience === 'all').map((r) => r.id);
        if ((await repo.markNoticesRead(db, user.uid, personal, broadcast)) > 0)
          await push(user.uid, kind.toLowerCase());
      });
    return makePage(records, total, p.limit, p.current);
  }

  /** DELETE /api/msg/clean. */
  async function clean(user: AuthUser, type: string, id: number | undefined) {
    const target = cleanTarget(type);
    if (!target) throw fail(M.CLEAN_TYPE);
    const n =
      target.table === 'remind'
        ? await repo.deleteReminds(db, user.uid, target.actions, id)
        : await repo.deleteNotices(db, user.uid, target.kind, id);
    if (n === 0) throw fail(M.CLEAN_FAILED);
    await push(user.uid, type.toLowerCase());
    return null;
  }

  /** NoticePort: personal notices (authority changes, group events, remote login). */
  const noticePort: NoticePort = {
    async notify(n) {
      const uids = [...new Set(n.toUids)];
      await repo.insertPersonalNotices(
        db,
        { title: n.title, content: n.content, kind: n.kind, adminId: n.fromUid ?? null },
        uids,
      );
      await Promise.all(uids.map((uid) => push(uid, n.kind.toLowerCase())));
    },
  };

  // ---------- back office ----------

  async function recipientOf(body: AdminNoticeBody): Promise<string> {
    const byName = body.recipientUsername?.trim();
    const uid = byName ? await repo.uidOfUsername(db, byName) : (body.recipientId ?? null);
    if (!uid || !(await repo.userExists(db, uid))) throw fail(M.NOTICE_RECIPIENT);
    return uid;
  }

  async function deliver(id: number, type: NoticeType, recipientId: string | null) {
    if (type === 'All') {
      const event: NoticeBroadcast = { id, at: deps.now() };
      try {
        await deps.bus.publish(MessageSubjects.broadcast, event);
      } catch (err) {
        deps.log?.warn({ err, id }, 'broadcasting a notice failed');
      }
    } else if (type === 'Single' && recipientId) await push(recipientId, 'mine');
  }

  /** POST /api/admin/msg/notice: stored and delivered at once (an All notice is one row). */
  async function createNotice(admin: AuthUser, body: AdminNoticeBody) {
    const bad = noticeError(body);
    if (bad) throw fail(bad);
    const type = body.type as NoticeType;
    const recipientId = type === 'Single' ? await recipientOf(body) : null;
    const { audience, kind } = audienceOf(type);
    const id = await repo.insertNotice(db, {
      title: body.title!,
      content: body.content!,
      kind,
      adminType: type,
      adminId: admin.uid,
      recipientId,
      audience,
    });
    await deliver(id, type, recipientId);
    return null;
  }

  /** PUT /api/admin/msg/notice. */
  async function updateNotice(_admin: AuthUser, body: AdminNoticeBody) {
    if (!body.id) throw fail(M.UPDATE_FAILED);
    const bad = noticeError(body);
    if (bad) throw fail(bad);
    const old = await repo.findNotice(db, body.id);
    if (!old || old.adminType === null) throw notFound(M.NOTICE_MISSING);
    const type = body.type as NoticeType;
    const recipientId = type === 'Single' ? await recipientOf(body) : null;
    const { audience, kind } = audienceOf(type);
    const ok = await repo.updateNotice(db, body.id, {
      title: body.title!,
      content: body.content!,
      kind,
      adminType: type,
      recipientId,
      audience,
    });
    if (!ok) throw fail(M.UPDATE_FAILED);
    await deliver(body.id, type, recipientId);
    if (old.recipientId && old.recipientId !== recipientId) await push(old.recipientId, 'mine');
    return null;
  }

  /** DELETE /api/admin/msg/notice. */
  async function deleteNotice(_admin: AuthUser, id: number) {
    const old = await repo.findNotice(db, id);
    if (!old || !(await repo.deleteNotice(db, id))) throw fail(M.DELETE_FAILED);
    if (old.audience === 'all') await deliver(id, 'All', null);
    else if (old.recipientId) await push(old.recipientId, 'mine');
    return null;
  }

  /** GET /api/admin/msg/notice. */
  async function adminNotices(q: NoticeListQuery) {
    const p = pageArgs(q.currentPage, q.limit, DEFAULT_NOTICE_PAGE_SIZE);
    const { total, rows } = await repo.listAdminNotices(db, q.type || undefined, p.current, p.limit);
    const records: AdminSysNoticeVO[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      type: r.adminType as NoticeType,
      state: true,
      recipientId: r.recipientId,
      recipientUsername: r.recipientUsername ?? null,
      adminUsername: r.adminUsername,
      gmtCreate: toDateStr(r.gmtCreate)!,
      gmtModified: toDateStr(r.gmtModified)!,
    }));
    return makePage(records, total, p.limit, p.current);
  }

  const reminderPort: ReminderPort = { remind };

  return {
    unread,
    reminds,
    notices,
    clean,
    remind,
    reminderPort,
    noticePort,
    createNotice,
    updateNotice,
    deleteNotice,
    adminNotices,
    /** Resolves when every read mark started so far has finished. */
    idle: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
