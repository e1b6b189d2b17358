// Which submissions an analysis compares: per problem and language, each user's last accepted
// submission (or every accepted one). Pure; the worker feeds it the scope's accepted rows.
import type { StoredSubmission } from './repository';

export interface SubmissionGroup {
  pid: number;
  displayPid: string;
  language: string;
  subs: StoredSubmission[];
}

/** Groups of at least two submissions, by problem then language; rows must come oldest first. */
export function groupSubmissions(rows: readonly StoredSubmission[], allAccepted: boolean): SubmissionGroup[] {
  const groups = new Map<string, SubmissionGroup>();
  for (const r of rows) {
    const key = `${r.pid}\u0000${r.language}`;
    let g = groups.get(key);
    if (!g) {
      g = { pid: r.pid, displayPid: r.displayPid, language: r.language, subs: [] };
      groups.set(key, g);
    }
    g.subs.push(r);
  }
  const out: SubmissionGroup[] = [];
  for (const g of groups.values()) {
    if (!allAccepted) {
      const last = new Map<string, StoredSubmission>();
      for (const s of g.subs) last.set(s.uid, s);
      g.subs = [...last.values()].sort((a, b) => a.submitId - b.submitId);
    }
    if (g.subs.length >= 2) out.push(g);
  }
  return out.sort((a, b) => a.pid - b.pid || a.language.localeCompare(b.language));
}
