import { describe, expect, it } from 'vitest';
import {
  buildQuery,
  classifyResponse,
  classifyThrown,
  fileNameFromDisposition,
  requestHeaders,
  tokenFromResponse,
  urlTypeOf,
} from './http-rules';

const headers = (h: Record<string, string>) => new Headers(h);

describe('urlTypeOf', () => {
  it('is admin only when the second segment is admin', () => {
    expect(urlTypeOf('/api/admin/problem')).toBe('admin');
    expect(urlTypeOf('/api/admin/login?x=1')).toBe('admin');
    expect(urlTypeOf('http://host:8080/api/admin/user')).toBe('admin');
    expect(urlTypeOf('/api/get-problem-list?admin=1')).toBe('general');
    expect(urlTypeOf('/admin/api/x')).toBe('general');
  });
});

describe('requestHeaders', () => {
  it('sends the raw token without Bearer and the Url-Type', () => {
    expect(requestHeaders('/api/msg/unread', 'abc.def')).toEqual({
      Authorization: 'abc.def',
      'Url-Type': 'general',
    });
    expect(requestHeaders('/api/admin/user', 'tok')).toEqual({ Authorization: 'tok', 'Url-Type': 'admin' });
  });
  it('never sends the token to the login endpoints', () => {
    expect(requestHeaders('/api/login', 'tok')).toEqual({ 'Url-Type': 'general' });
    expect(requestHeaders('/api/admin/login', 'tok')).toEqual({ 'Url-Type': 'admin' });
  });
  it('omits Authorization when anonymous', () => {
    expect(requestHeaders('/api/home-carousel', null)).toEqual({ 'Url-Type': 'general' });
  });
});

describe('tokenFromResponse', () => {
  it('takes the authorization header on login', () => {
    expect(tokenFromResponse('/api/login', headers({ authorization: 'new' }))).toBe('new');
    expect(tokenFromResponse('/api/admin/login', headers({ Authorization: 'adm' }))).toBe('adm');
  });
  it('takes it elsewhere only when refresh-token is present', () => {
    expect(tokenFromResponse('/api/msg/unread', headers({ authorization: 'x' }))).toBeNull();
    expect(
      tokenFromResponse('/api/msg/unread', headers({ authorization: 'x', 'refresh-token': 'true' })),
    ).toBe('x');
    expect(tokenFromResponse('/api/login', headers({}))).toBeNull();
  });
});

describe('classifyResponse', () => {
  it('accepts HTTP 200 with envelope 200', () => {
    expect(classifyResponse(200, { status: 200, msg: 'success', data: 1 })).toBeNull();
  });
  it('rejects HTTP 200 with a non-200 envelope, keeping the msg', () => {
    expect(classifyResponse(200, { status: 400, msg: '验证码不正确', data: null })).toEqual({
      kind: 'envelope',
      status: 400,
      msg: '验证码不正确',
      key: 'error.server',
    });
  });
  it('treats an envelope 401 inside HTTP 200 as an ordinary error, not a session loss', () => {
    expect(classifyResponse(200, { status: 401, msg: 'off', data: null })?.kind).toBe('envelope');
  });
  it('maps HTTP 401 and 403 to session handling', () => {
    expect(classifyResponse(401, { status: 401, msg: '请您先登录！' })).toEqual({
      kind: 'unauthorized',
      msg: '请您先登录！',
    });
    expect(classifyResponse(403, { status: 403, msg: 'no', data: null })).toEqual({
      kind: 'forbidden',
      msg: 'no',
    });
    expect(classifyResponse(401, null)).toEqual({ kind: 'unauthorized', msg: null });
  });
  it('maps HTTP 404 to the fixed text and other statuses to msg or the server text', () => {
    expect(classifyResponse(404, { timestamp: 1, status: 404, error: 'Not Found' })).toEqual({
      kind: 'notFound',
      key: 'error.notFound',
    });
    expect(classifyResponse(500, { status: 500, msg: 'Server Error!' })).toMatchObject({
      kind: 'http',
      msg: 'Server Error!',
    });
    expect(classifyResponse(502, '<html>bad gateway</html>')).toMatchObject({
      kind: 'http',
      msg: null,
      key: 'error.server',
    });
  });
  it('rejects a 200 whose body is not an envelope', () => {
    expect(classifyResponse(200, 'plain text')).toMatchObject({ kind: 'envelope', msg: null });
  });
});

describe('classifyThrown', () => {
  it('separates our timeout from network failure', () => {
    expect(classifyThrown(true)).toEqual({ kind: 'timeout', key: 'error.timeout' });
    expect(classifyThrown(false)).toEqual({ kind: 'network', key: 'error.network' });
  });
});

describe('buildQuery', () => {
  it('drops empty values and JSON-encodes arrays', () => {
    expect(buildQuery({ keyword: '', difficulty: null, oj: undefined, tagId: [1, 2], currentPage: 1 })).toBe(
      '?tagId=%5B1%2C2%5D&currentPage=1',
    );
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
    expect(buildQuery({ forceRefresh: false })).toBe('?forceRefresh=false');
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the encoded form and falls back to the plain one', () => {
    expect(fileNameFromDisposition('attachment; filename="a.zip"; filename*=UTF-8\'\'%E6%B5%8B.zip')).toBe(
      '测.zip',
    );
    expect(fileNameFromDisposition('attachment; filename="cases.zip"')).toBe('cases.zip');
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
