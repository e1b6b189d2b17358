// Pure pieces the contest service's use cases share: paging arguments, the accepted
// status, and the wire shapes of a contest problem and an announcement.
import { toDateStr } from '@oj/protocol';
import type { AnnouncementRow, ContestProblemRow } from './repository';

export const ACCEPTED = 0;

export function pageArgs(
  current: number | null | undefined,
  limit: number | null | undefined,
  defLimit: number,
) {
  const c = current && current >= 1 ? Math.floor(current) : 1;
  const l = limit && limit >= 1 ? Math.min(Math.floor(limit), 500) : defLimit;
  return { current: c, limit: l };
}

export function toContestProblem(p: ContestProblemRow) {
  return {
    id: p.id,
    displayId: p.display_id,
    cid: p.cid,
    pid: p.pid,
    displayTitle: p.display_title,
    color: p.color,
    gmtCreate: toDateStr(p.gmt_create),
    gmtModified: toDateStr(p.gmt_modified),
  };
}

export function toAnnouncementVO(a: AnnouncementRow) {
  return {
    id: a.id,
    title: a.title,
    content: a.content,
    uid: a.uid,
    username: a.username,
    status: a.status,
    gmtCreate: toDateStr(a.gmt_create),
    gmtModified: toDateStr(a.gmt_modified),
  };
}
