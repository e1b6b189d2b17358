// HDU's pages are GBK: the HTTP client decodes by the Content-Type's charset or the page's meta
// tag, so a Chinese title crawled from the (GBK-serving) fake HDU imports as written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gbk } from './fakes/common';
import { HDU_CHINESE, startFakeHdu, type FakeJudge } from './fakes/judges';
import { HduAdapter } from './hdu-poj';
import { charsetOf, decodeBody } from './http';

describe('page charset', () => {
  const bytes = gbk('<p>整数求和</p>');

  it('is read from Content-Type first, then from a meta tag, else UTF-8', () => {
    expect(charsetOf(bytes, 'text/html; charset=GB2312')).toBe('gb2312');
    const meta = gbk('<html><head><meta charset="gbk"></head><body>中文</body></html>');
    expect(charsetOf(meta, 'text/html')).toBe('gbk');
    const httpEquiv = gbk('<meta http-equiv="Content-Type" content="text/html; charset=gb2312" />');
    expect(charsetOf(httpEquiv, null)).toBe('gb2312');
    expect(charsetOf(Buffer.from('<p>plain</p>'), 'text/html')).toBe('utf-8');
  });

  it('decodes GBK bytes to the text, where reading them as UTF-8 garbles it', () => {
    expect(decodeBody(bytes, 'text/html; charset=gb2312')).toBe('<p>整数求和</p>');
    expect(decodeBody(bytes, 'text/html; charset=utf-8')).not.toContain('整数');
    expect(decodeBody(Buffer.from('<p>ü</p>'), 'text/html; charset=no-such-charset')).toBe('<p>ü</p>');
  });
});

describe('HDU problem import in GBK', () => {
  let fake: FakeJudge;
  beforeAll(async () => {
    fake = await startFakeHdu({ u: 'p' });
  });
  afterAll(() => fake.close());

  it('imports the Chinese title and statement of a GBK page (charset in its meta tag)', async () => {
    const raw = await fetch(`${fake.url}showproblem.php?pid=${HDU_CHINESE.pid}`);
    expect(raw.headers.get('content-type')).toBe('text/html');
    expect(Buffer.from(await raw.arrayBuffer()).includes(gbk(HDU_CHINESE.title))).toBe(true);

    const adapter = new HduAdapter(fake.url, { http: { retries: 0 } });
    const p = await adapter.fetchProblem(adapter.session(), HDU_CHINESE.pid);
    expect(p.problemId).toBe(`HDU-${HDU_CHINESE.pid}`);
    expect(p.title).toBe(HDU_CHINESE.title);
    expect(p.description).toContain(HDU_CHINESE.description);
  });
});
