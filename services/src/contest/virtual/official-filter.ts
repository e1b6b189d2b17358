// Virtual results stay off the official boards (issue #27 item 3). A virtual participant's
// submissions are contest submissions made after the end, inside their participation's window;
// a contest that allows practice after the end would otherwise show them on its "with
// after-contest submissions" board. The scoreboard service reads its submissions through this
// filter, so its boards (every variant) never hold them: a load leaves them out, and a verdict of
// one reads as a submission that is not the contest's.
import type { ContestSubmissionRow, SubmissionSource } from '../ports';
import type { Db } from '../repository';
import { windowsOfContest } from './repository';

/** How long a contest's participation windows are reused (a new participation is dropped at once here). */
const WINDOWS_TTL_MS = 2_000;

export interface OfficialFilter {
  source: SubmissionSource;
  /** A participation started (this process): its contest's windows are read again. */
  forget(cid: number): void;
}

export function officialSubmissions(inner: SubmissionSource, db: Db): OfficialFilter {
  const cache = new Map<number, { at: number; windows: Promise<Map<string, [number, number][]>> }>();

  function windows(cid: number): Promise<Map<string, [number, number][]>> {
    const hit = cache.get(cid);
    if (hit && Date.now() - hit.at < WINDOWS_TTL_MS) return hit.windows;
    const w = windowsOfContest(db, cid);
    w.catch(() => cache.delete(cid));
    cache.set(cid, { at: Date.now(), windows: w });
    return w;
  }

  const virtualIn = (w: Map<string, [number, number][]>, uid: string, at: number) =>
    w.get(uid)?.some(([from, to]) => at >= from && at < to) ?? false;

  const source: SubmissionSource = {
    ...inner,
    async ofContest(cid) {
      const [rows, w] = await Promise.all([inner.ofContest(cid), windows(cid)]);
      return w.size ? rows.filter((r) => !virtualIn(w, r.uid, r.submitTime.getTime())) : rows;
    },
    async byId(submitId): Promise<ContestSubmissionRow | null> {
      const row = await inner.byId(submitId);
      if (!row || !row.cid) return row;
      return virtualIn(await windows(row.cid), row.uid, row.submitTime.getTime()) ? null : row;
    },
  };
  if (inner.boardRowsOf) {
    const boardRowsOf = inner.boardRowsOf.bind(inner);
    source.boardRowsOf = async (cid) => {
      const [rows, w] = await Promise.all([boardRowsOf(cid), windows(cid)]);
      return w.size ? rows.filter((r) => !virtualIn(w, r.uid, r.submitTime)) : rows;
    };
  }
  return { source, forget: (cid) => void cache.delete(cid) };
}
