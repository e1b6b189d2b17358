// Layout of GET /api/file/download-contest-ac-submission (reference §1): pure rules.

/** File extension from a language name, tested in the original's order (quirks kept: any "c" wins early). */
export function extensionOf(language: string): string {
  const l = language.toLowerCase();
  if (l.includes('c++') || l.includes('g++') || l.includes('clang++')) return 'cpp';
  if (l.includes('c#')) return 'cs';
  if (l.includes('c') || l.includes('gcc') || l.includes('clang')) return 'c';
  if (l.includes('python') || l.includes('pypy')) return 'py';
  if (l.includes('javascript')) return 'js';
  if (l.includes('java')) return 'java';
  if (l.includes('pascal')) return 'pas';
  if (l.includes('go')) return 'go';
  if (l.includes('php')) return 'php';
  return 'txt';
}

/** yyyyMMddHHmmss in the server's time zone. */
export function fileTimestamp(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}` +
    `${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`
  );
}

export interface AcSubmission {
  submitId: number;
  uid: string;
  username: string;
  displayId: string;
  submitTime: Date;
  status: number;
  score: number | null;
  code: string;
  language: string;
}

/**
 * Zip entries (path → code). ACM: every accepted submission; OI: each user's latest
 * scored submission per problem, its score in the name. `splitType` other than
 * user/problem gives no entries.
 */
export function acArchiveEntries(
  type: 0 | 1,
  subs: readonly AcSubmission[],
  splitType: string,
): Map<string, string> {
  const out = new Map<string, string>();
  if (splitType !== 'user' && splitType !== 'problem') return out;
  let chosen: AcSubmission[];
  if (type === 0) chosen = subs.filter((s) => s.status === 0);
  else {
    const latest = new Map<string, AcSubmission>();
    for (const s of subs) {
      if (s.score === null) continue;
      const key = `${s.uid}\u0000${s.displayId}`;
      const seen = latest.get(key);
      if (
        !seen ||
        s.submitTime > seen.submitTime ||
        (+s.submitTime === +seen.submitTime && s.submitId > seen.submitId)
      )
        latest.set(key, s);
    }
    chosen = [...latest.values()];
  }
  for (const s of chosen) {
    const score = type === 1 ? `_${s.score}` : '';
    const stamp = `(${fileTimestamp(s.submitTime)}).${extensionOf(s.language)}`;
    let path =
      splitType === 'user'
        ? `${s.username}/${s.displayId}${score}_${stamp}`
        : `${s.displayId}/${s.username}${score}_${stamp}`;
    // Two submissions in the same second would collide: keep both.
    if (out.has(path)) path = path.replace(/\.(\w+)$/, `_${s.submitId}.$1`);
    out.set(path, s.code);
  }
  return out;
}
