// English twins of the server's wire texts. The wire keeps the original's Chinese texts (its own
// clients match on them); a client that asks for English (`Accept-Language` whose first tag is
// `en`) gets the English twin in the envelope's `msg`. Each capability registers the twins of its
// messages once, at module load, next to where it defines them.

const exact = new Map<string, string>();
const patterns: Array<{ re: RegExp; en: (m: RegExpMatchArray) => string }> = [];

/** Register `{ chinese: english }` pairs (exact wire texts). */
export function registerEnglish(pairs: Record<string, string>): void {
  for (const [zh, en] of Object.entries(pairs)) exact.set(zh, en);
}

/** Register a wire text with variable parts, e.g. /^请在(\d+)秒后再进行提交！$/ → m => `... ${m[1]} s`. */
export function registerEnglishPattern(re: RegExp, en: (m: RegExpMatchArray) => string): void {
  patterns.push({ re, en });
}

/** The language a request asks for: English when the first Accept-Language tag is `en*`. */
export function requestLanguage(acceptLanguage: string | string[] | undefined): 'zh-CN' | 'en-US' {
  const first = (Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage)?.split(',')[0]?.trim();
  return first && /^en\b/i.test(first) ? 'en-US' : 'zh-CN';
}

/** `msg` in the asked language; unknown texts pass through unchanged. */
export function translateMessage(msg: string, lang: 'zh-CN' | 'en-US'): string {
  if (lang === 'zh-CN') return msg;
  const hit = exact.get(msg);
  if (hit !== undefined) return hit;
  for (const p of patterns) {
    const m = msg.match(p.re);
    if (m) return p.en(m);
  }
  return msg;
}

/**
 * A success envelope's `msg` in the asked language (business errors already go through the
 * error handler). Other payloads, and `success`, pass through untouched.
 */
export function translateEnvelope<T>(payload: T, acceptLanguage: string | string[] | undefined): T {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const env = payload as { status?: unknown; msg?: unknown; data?: unknown };
  if (typeof env.msg !== 'string' || typeof env.status !== 'number') return payload;
  const lang = requestLanguage(acceptLanguage);
  if (lang === 'zh-CN') return payload;
  const msg = env.msg === 'success' ? env.msg : translateMessage(env.msg, lang);
  // Business answers inside data ({code, msg}: change password / e-mail) are shown too.
  const d = env.data as { code?: unknown; msg?: unknown } | null | undefined;
  const dataMsg =
    d && typeof d === 'object' && !Array.isArray(d) && typeof d.msg === 'string' && typeof d.code === 'number'
      ? translateMessage(d.msg, lang)
      : null;
  if (msg === env.msg && (dataMsg === null || dataMsg === d!.msg)) return payload;
  return { ...env, msg, ...(dataMsg !== null ? { data: { ...d, msg: dataMsg } } : {}) } as T;
}
