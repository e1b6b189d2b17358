// Response headers every answer carries, and the CORS origin rule.

/**
 * CSP: scripts only from the site itself (the built client is external module files), no
 * plugins, no framing by anyone (also X-Frame-Options for old browsers), forms post only here.
 * Inline styles stay allowed: KaTeX and Blueprint position elements with style attributes
 * (user markdown cannot carry style attributes: the client's sanitiser drops them).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * May this Origin call with credentials? The API's own origin (same host as the request) and
 * the configured ones; never an arbitrary reflected origin.
 */
export function corsOriginAllowed(
  origin: string,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (host && parsed.host === host) return true;
  return allowed.some((a) => {
    try {
      return new URL(a).origin === parsed.origin;
    } catch {
      return false;
    }
  });
}
