// The five routes the fuzz of issue #23 (item 17) found answering HTTP 500: ids past 2^31 reached
// PostgreSQL, and a second file part reached the multipart reader's files limit. Each is bad input:
// an envelope error (HTTP 400, or 200 with a non-200 status), never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecurityPlatform, type SecurityPlatform } from './platform';
import { multipartBody } from './requests';

let env: SecurityPlatform;

beforeAll(async () => {
  env = await startSecurityPlatform();
}, 120_000);

afterAll(async () => {
  await env?.close();
});

async function refusedNot5xx(
  method: 'GET' | 'POST',
  url: string,
  payload?: { body: Buffer; contentType: string },
) {
  const res = await env.platform.app.inject({
    method,
    url,
    headers: {
      authorization: env.tokens.root,
      ...(payload ? { 'content-type': payload.contentType } : {}),
    },
    ...(payload ? { payload: payload.body } : {}),
  });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  const body = res.json() as { status: number };
  expect(body.status, url).not.toBe(200);
}

describe('ids past 2^31 and repeated file parts are bad input, never a 5xx', () => {
  it.each([
    '/api/get-problem-list?tagId=2147483648',
    '/api/get-problem-list?tagId=1,9007199254740993',
    '/api/get-submission-list?onlyMine=false&gid=2147483648',
    '/api/get-submission-list?onlyMine=false&gid=4294967297',
    '/api/file/export-problem?pid=2147483648',
  ])('GET %s', async (url) => {
    await refusedNot5xx('GET', url);
  });

  it.each([
    ['/api/file/upload-md-img', 'image'],
    ['/api/file/upload-md-file', 'file'],
  ])('POST %s with two file parts', async (url, field) => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await refusedNot5xx(
      'POST',
      url,
      multipartBody([
        { name: field, filename: 'a.png', content: png, type: 'image/png' },
        { name: field, filename: 'b.png', content: png, type: 'image/png' },
      ]),
    );
  });
});
