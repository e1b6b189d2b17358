// What the feed fetcher refuses before any request leaves (issue #24 item 7).
import { describe, expect, it } from 'vitest';
import { feedUrl, fetchFeed, isPrivateAddress } from './fetch-feed';
import { M } from './messages';

describe('event feed fetch guard', () => {
  it('knows loopback, private, link-local and unique-local addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(ip)).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:db8::1']) expect(isPrivateAddress(ip)).toBe(false);
  });

  it('takes http/https only, without credentials in the URL, and asks for a snapshot', () => {
    expect(feedUrl('https://cds.example.org/api/contests/wf/event-feed').search).toBe('?stream=false');
    expect(feedUrl('https://x.org/f?stream=true').searchParams.get('stream')).toBe('true');
    expect(() => feedUrl('file:///etc/passwd')).toThrow(M.FEED_URL);
    expect(() => feedUrl('https://u:p@x.org/feed')).toThrow(M.FEED_URL);
    expect(() => feedUrl('not a url')).toThrow(M.FEED_URL);
  });

  it('refuses local and private hosts unless allowed', async () => {
    await expect(fetchFeed('http://127.0.0.1:9/feed', {})).rejects.toThrow(M.FEED_HOST);
    await expect(fetchFeed('http://localhost:9/feed', {})).rejects.toThrow(M.FEED_HOST);
    await expect(fetchFeed('http://[::1]:9/feed', {})).rejects.toThrow(M.FEED_HOST);
    // Allowed, the same address is tried (nothing listens on the discard port: a fetch failure).
    await expect(
      fetchFeed('http://127.0.0.1:9/feed', {}, { allowPrivate: true, timeoutMs: 2000 }),
    ).rejects.toThrow(M.FEED_FETCH);
  });
});
