// Fetching another system's event feed for the scroll board (issue #24 item 7): http/https only,
// basic auth when given, `stream=false` added so the server answers a snapshot and closes, no
// redirects, a time limit and a byte limit; hosts that are this machine or a private network
// (by literal address or by what the name resolves to) are refused unless the deployment allows them.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { CCS_FEED_MAX_BYTES } from '@oj/protocol/contest/ccs-import';
import { feedStatus, M } from './messages';
import { FeedError } from './event-feed';

export interface FetchFeedOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** Tests (and deployments reading a feed on their own network) allow private addresses. */
  allowPrivate?: boolean;
}

/** Loopback, private, link-local, unspecified, CGNAT and unique-local addresses. */
export function isPrivateAddress(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (v === 6) {
    const x = ip.toLowerCase();
    if (x === '::' || x === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(x);
    if (mapped) return isPrivateAddress(mapped[1]!);
    return /^f[cd]/.test(x) || /^fe[89ab]/.test(x);
  }
  return false;
}

/** The URL the server fetches, or a refusal (not http/https, credentials inside the URL). */
export function feedUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new FeedError(M.FEED_URL);
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password)
    throw new FeedError(M.FEED_URL);
  if (!u.searchParams.has('stream')) u.searchParams.set('stream', 'false');
  return u;
}

async function refusePrivate(u: URL): Promise<void> {
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) throw new FeedError(M.FEED_HOST);
  const addrs = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addrs.some(isPrivateAddress)) throw new FeedError(M.FEED_HOST);
}

export async function fetchFeed(
  raw: string,
  auth: { username?: string; password?: string },
  o: FetchFeedOptions = {},
): Promise<string> {
  const u = feedUrl(raw);
  if (!o.allowPrivate) await refusePrivate(u);
  const max = o.maxBytes ?? CCS_FEED_MAX_BYTES;
  const headers: Record<string, string> = { accept: 'application/x-ndjson, application/json, */*' };
  if (auth.username)
    headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password ?? ''}`).toString('base64')}`;
  const signal = AbortSignal.timeout(o.timeoutMs ?? 30_000);
  let res: Response;
  try {
    res = await fetch(u, { headers, redirect: 'manual', signal });
  } catch {
    throw new FeedError(M.FEED_FETCH);
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    throw new FeedError(feedStatus(res.status));
  }
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new FeedError(M.FEED_TOO_LARGE);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > max) throw new FeedError(M.FEED_TOO_LARGE);
      chunks.push(Buffer.from(chunk));
    }
  } catch (err) {
    await res.body?.cancel().catch(() => undefined);
    throw err instanceof FeedError ? err : new FeedError(M.FEED_FETCH);
  }
  return Buffer.concat(chunks).toString('utf8');
}
