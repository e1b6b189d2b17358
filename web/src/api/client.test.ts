import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureClient, download, prefetchGet, requestEnvelope } from './client';

type FetchArgs = [string, RequestInit];

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
}

describe('HTTP client', () => {
  let token: string | null;
  const calls = {
    unauthorized: [] as string[],
    forbidden: [] as string[],
    errors: [] as string[],
    infos: [] as string[],
  };
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    token = 'old-token';
    calls.unauthorized = [];
    calls.forbidden = [];
    calls.errors = [];
    calls.infos = [];
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    configureClient({
      getToken: () => token,
      setToken: (t) => (token = t),
      onUnauthorized: (type) => calls.unauthorized.push(type),
      onForbidden: (type) => calls.forbidden.push(type),
      notifyError: (text) => calls.errors.push(text),
      notifyInfo: (text) => calls.infos.push(text),
      translate: (key) => `T(${key})`,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the token and resolves with data', async () => {
    fetchMock.mockResolvedValue(reply(200, { status: 200, msg: 'success', data: { comment: 3 } }));
    await expect(api.get('/api/msg/unread')).resolves.toEqual({ comment: 3 });
    const [url, init] = fetchMock.mock.calls[0] as FetchArgs;
    expect(url).toBe('/api/msg/unread');
    expect(new Headers(init.headers).get('authorization')).toBe('old-token');
    expect(new Headers(init.headers).get('url-type')).toBe('general');
  });

  it('asks the server for the interface language (Accept-Language, issue #16)', async () => {
    fetchMock.mockImplementation(async () => reply(200, { status: 200, msg: 'success', data: null }));
    let lang = 'en-US';
    configureClient({ language: () => lang });
    await api.get('/api/get-problem-detail');
    lang = 'zh-CN';
    await api.post('/api/login', {});
    const langs = fetchMock.mock.calls.map(([, init]) =>
      new Headers((init as RequestInit).headers).get('accept-language'),
    );
    expect(langs).toEqual(['en-US', 'zh-CN']);
  });

  it('hands an early GET to the first identical call, once, with its side effects (issue #16)', async () => {
    fetchMock.mockImplementation(async () =>
      reply(
        200,
        { status: 200, msg: 'success', data: { n: fetchMock.mock.calls.length } },
        {
          Authorization: 'slid',
          'refresh-token': 'true',
        },
      ),
    );
    configureClient({ language: () => 'zh-CN' });
    prefetchGet('/api/get-problem-detail', { problemId: '1000' }, { token: 'old-token', language: 'zh-CN' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as FetchArgs;
    expect(url).toBe('/api/get-problem-detail?problemId=1000');
    expect(new Headers(init.headers).get('authorization')).toBe('old-token');
    // taken by the page's call: no second request, and the token refresh still applies
    await expect(api.get('/api/get-problem-detail', { problemId: '1000' })).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(token).toBe('slid');
    // taken once: the next call asks again
    await expect(api.get('/api/get-problem-detail', { problemId: '1000' })).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('leaves an early GET alone when the call differs in query or headers', async () => {
    fetchMock.mockImplementation(async () => reply(200, { status: 200, msg: 'success', data: null }));
    configureClient({ language: () => 'zh-CN' });
    prefetchGet(
      '/api/get-problem-detail',
      { problemId: '1000' },
      { token: 'other-token', language: 'zh-CN' },
    );
    prefetchGet('/api/get-problem-detail', { problemId: '1001' }, { token: 'old-token', language: 'en-US' });
    await api.get('/api/get-problem-detail', { problemId: '1000' });
    await api.get('/api/get-problem-detail', { problemId: '1001' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('reports a failed early GET to the call that takes it', async () => {
    fetchMock.mockImplementationOnce(async () => reply(500, 'boom'));
    configureClient({ language: () => 'zh-CN' });
    prefetchGet('/api/get-problem-detail', { problemId: '7' }, { token: 'old-token', language: 'zh-CN' });
    await expect(api.get('/api/get-problem-detail', { problemId: '7' })).rejects.toBeInstanceOf(ApiError);
    expect(calls.errors).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stores the token from a login response and sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(
      reply(200, { status: 200, msg: 'success', data: { username: 'a' } }, { Authorization: 'fresh' }),
    );
    const env = await requestEnvelope('POST', '/api/login', { body: { username: 'a', password: 'b' } });
    expect(env.data).toEqual({ username: 'a' });
    expect(token).toBe('fresh');
    const [, init] = fetchMock.mock.calls[0] as FetchArgs;
    expect(new Headers(init.headers).get('authorization')).toBeNull();
    expect(init.body).toBe('{"username":"a","password":"b"}');
  });

  it('replaces the token on a sliding refresh even when the call fails', async () => {
    fetchMock.mockResolvedValue(
      reply(
        200,
        { status: 400, msg: 'nope', data: null },
        { Authorization: 'rolled', 'Refresh-Token': 'true' },
      ),
    );
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(token).toBe('rolled');
    expect(calls.errors).toEqual(['nope']);
  });

  it('rejects a non-200 envelope with its msg and no session side effects', async () => {
    fetchMock.mockResolvedValue(
      reply(200, { status: 401, msg: '对不起！本站暂未开启注册功能！', data: null }),
    );
    await expect(api.get('/api/get-register-code', { email: 'a@b.c' })).rejects.toThrow(
      '对不起！本站暂未开启注册功能！',
    );
    expect(calls.unauthorized).toEqual([]);
    expect((fetchMock.mock.calls[0] as FetchArgs)[0]).toBe('/api/get-register-code?email=a%40b.c');
  });

  it('HTTP 401 on an admin URL reports admin; without msg it stays silent', async () => {
    fetchMock.mockResolvedValue(reply(401, ''));
    await expect(api.get('/api/admin/user/get-user-list')).rejects.toBeInstanceOf(ApiError);
    expect(calls.unauthorized).toEqual(['admin']);
    expect(calls.errors).toEqual([]);
  });

  it('HTTP 401 with msg on a general URL toasts it', async () => {
    fetchMock.mockResolvedValue(reply(401, { status: 401, msg: '登录状态已失效，请重新登录！' }));
    await expect(api.get('/api/msg/unread')).rejects.toBeInstanceOf(ApiError);
    expect(calls.unauthorized).toEqual(['general']);
    expect(calls.errors).toEqual(['登录状态已失效，请重新登录！']);
  });

  it('HTTP 403 asks for a role refresh', async () => {
    fetchMock.mockResolvedValue(reply(403, { status: 403, msg: 'no', data: null }));
    await expect(api.post('/api/admin/problem', {})).rejects.toBeInstanceOf(ApiError);
    expect(calls.forbidden).toEqual(['admin']);
  });

  it('HTTP 404 and 500 use the fixed texts when there is no msg', async () => {
    fetchMock.mockResolvedValueOnce(reply(404, { status: 404, error: 'Not Found' }));
    await expect(api.get('/api/nothing')).rejects.toThrow('T(error.notFound)');
    fetchMock.mockResolvedValueOnce(reply(500, ''));
    await expect(api.get('/api/boom')).rejects.toThrow('T(error.server)');
  });

  it('quiet calls do not toast', async () => {
    fetchMock.mockResolvedValue(reply(200, { status: 500, msg: 'x', data: null }));
    await expect(api.get('/api/home-carousel', undefined, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(calls.errors).toEqual([]);
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toThrow('T(error.network)');
  });

  it('aborts after the timeout and reports it as a timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/api/slow', undefined, { timeoutMs: 90_000 });
    const check = expect(pending).rejects.toThrow('T(error.timeout)');
    await vi.advanceTimersByTimeAsync(89_999);
    expect(calls.errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    await check;
  });

  it('downloads a file with its name and the token', async () => {
    fetchMock.mockResolvedValue(
      new Response('a,b\n1,2', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': "attachment; filename*=UTF-8''rank%20list.csv",
        },
      }),
    );
    const file = await download('/api/file/download-contest-rank', { cid: 3 });
    expect(await file.blob.text()).toBe('a,b\n1,2');
    expect(file.fileName).toBe('rank list.csv');
    const [url, init] = fetchMock.mock.calls[0] as FetchArgs;
    expect(url).toBe('/api/file/download-contest-rank?cid=3');
    expect(new Headers(init.headers).get('authorization')).toBe('old-token');
  });

  it('a download answered with JSON shows its msg as info, or the invalid-format text', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ status: 400, msg: 'no such file', data: null }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await expect(download('/api/file/x')).rejects.toThrow('no such file');
    fetchMock.mockResolvedValueOnce(
      new Response('oops', { headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(download('/api/file/x')).rejects.toThrow('T(error.invalidFile)');
    expect(calls.infos).toEqual(['no such file', 'T(error.invalidFile)']);
    expect(calls.errors).toEqual([]);
  });

  it('a download hitting HTTP 401 clears the session like any call', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    await expect(download('/api/admin/file/x')).rejects.toBeInstanceOf(ApiError);
    expect(calls.unauthorized).toEqual(['admin']);
  });
});
