/** NATS subject rules shared by both bus implementations, so the in-process bus rejects what the wire would. */

const tokenPattern = /^[^\s.*>]+$/;

/** Throws a clear error unless `subject` is a valid NATS subject (wildcards only where allowed). */
export function assertSubject(subject: string, allowWildcards: boolean): void {
  if (typeof subject !== 'string' || subject.length === 0)
    throw new Error('bus: subject must be a non-empty string');
  const tokens = subject.split('.');
  tokens.forEach((token, i) => {
    if (allowWildcards && token === '*') return;
    if (allowWildcards && token === '>' && i === tokens.length - 1) return;
    if (!tokenPattern.test(token)) throw new Error(`bus: invalid subject "${subject}"`);
  });
}

/** Whether `subject` matches `pattern`: `*` matches one token, a trailing `>` one or more. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
