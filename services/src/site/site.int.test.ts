import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MASK, REMOTE_ACCOUNT_LISTS } from '@oj/protocol/site/schemas';
import { DB_KINDS } from '../../test/support/db';
import { call, counts, multipart, startHarness, type Harness, type Token } from './harness.test-support';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const emptyLists = () => Object.fromEntries(REMOTE_ACCOUNT_LISTS.map((k) => [k, []]));

describe.each(DB_KINDS)('site endpoints on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(() => h?.close());

  const json = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: Token,
    payload?: unknown,
  ) => {
    const r = await call(h.app, method, url, token, payload);
    return { http: r.statusCode, body: r.json() };
  };

  describe('access', () => {
    // [method, url, body, who may call]: 'root' = root only; 'anyone' = anonymous allowed.
    const guarded: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['get-web-config', 'GET', '/api/admin/config/get-web-config', undefined],
      ['set-web-config', 'PUT', '/api/admin/config/set-web-config', {}],
      ['switch info', 'GET', '/api/admin/switch/info', undefined],
      ['switch update', 'PUT', '/api/admin/switch/update', emptyLists()],
      ['delete carousel', 'DELETE', '/api/admin/config/home-carousel?id=999', undefined],
      ['list announcements', 'GET', '/api/admin/announcement', undefined],
      ['add announcement', 'POST', '/api/admin/announcement', { title: 't', content: 'c' }],
      ['save announcement', 'PUT', '/api/admin/announcement', { id: 999, title: 't', content: 'c' }],
      ['delete announcement', 'DELETE', '/api/admin/announcement?aid=999', undefined],
      ['list tools', 'GET', '/api/admin/tools', undefined],
      ['add tool', 'POST', '/api/admin/tools', { name: 'x', url: 'https://x.example' }],
      ['edit tool', 'PUT', '/api/admin/tools', { id: 999, name: 'x', url: 'https://x.example' }],
      ['delete tool', 'DELETE', '/api/admin/tools?id=999', undefined],
      ['upload carousel', 'POST', '/api/file/upload-carouse-img', undefined],
    ];

    it.each(guarded)(
      '%s: anonymous 401, user/admin/problem admin 403, nothing changes',
      async (_n, m, url, body) => {
        const before = await counts(h.db);
        const anon = await json(m, url, undefined, body);
        expect(anon.http).toBe(401);
        expect(anon.body).toEqual({ status: 401, msg: '请您先登录！', data: null });
        for (const token of ['tok-user', 'tok-admin', 'tok-padmin'] as const) {
          const r = await json(m, url, token, body);
          expect(r.http, token).toBe(403);
          expect(r.body).toEqual({ status: 403, msg: '对不起，您无权限进行此操作！', data: null });
        }
        expect(await counts(h.db)).toEqual(before);
      },
    );

    it('root passes every guard', async () => {
      for (const [, m, url, body] of guarded) {
        const r = await json(m, url, 'tok-root', body);
        expect(r.http, url).toBe(200);
      }
      // Undo what the loop created, so later tests start from the seed.
      await h.db.deleteFrom('announcement').where('title', '=', 't').execute();
      await h.db.deleteFrom('site_tool').where('name', '=', 'x').execute();
    });

    it('public endpoints answer anonymous callers and ignore a bad token', async () => {
      for (const url of [
        '/api/get-website-config',
        '/api/tools',
        '/api/home-carousel',
        '/api/get-common-announcement',
      ]) {
        expect((await json('GET', url)).body.status, url).toBe(200);
        expect((await json('GET', url, 'garbage' as Token)).http, url).toBe(200);
      }
    });
  });

  it('documents every site route in the OpenAPI document', async () => {
    const doc = (await call(h.app, 'GET', '/api/docs')).json();
    for (const path of [
      '/api/get-website-config',
      '/api/tools',
      '/api/home-carousel',
      '/api/get-common-announcement',
      '/api/admin/switch/update',
      '/api/admin/config/set-web-config',
      '/api/admin/announcement',
      '/api/admin/tools',
      '/api/file/upload-carouse-img',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });

  describe('website config', () => {
    it('has the exact public shape with the seeded defaults', async () => {
      const { http, body } = await json('GET', '/api/get-website-config');
      expect(http).toBe(200);
      expect(body.status).toBe(200);
      expect(body.msg).toBe('success');
      expect(Object.keys(body.data).sort()).toEqual(
        [
          'baseUrl',
          'name',
          'shortName',
          'register',
          'recordName',
          'recordUrl',
          'description',
          'email',
          'projectName',
          'projectUrl',
          'openPublicDiscussion',
          'openGroupDiscussion',
          'openContestComment',
        ].sort(),
      );
      expect(body.data).toMatchObject({
        baseUrl: 'http://oj.test',
        name: 'Online Judge',
        shortName: 'OJ',
        register: true,
        email: null,
        recordName: null,
        openPublicDiscussion: true,
        openGroupDiscussion: true,
        openContestComment: true,
      });
      expect(typeof body.data.description).toBe('string');
    });

    it('set-web-config applies non-blank fields only and get-web-config shows them', async () => {
      const r = await json('PUT', '/api/admin/config/set-web-config', 'tok-root', {
        name: 'Test OJ',
        shortName: '  ',
        recordName: 'ICP-1',
        recordUrl: 'https://beian.example',
        register: null,
      });
      expect(r.body).toEqual({ status: 200, msg: 'success', data: null });
      const web = (await json('GET', '/api/admin/config/get-web-config', 'tok-root')).body.data;
      expect(Object.keys(web).sort()).toEqual(
        [
          'baseUrl',
          'name',
          'shortName',
          'description',
          'register',
          'recordName',
          'recordUrl',
          'projectName',
          'projectUrl',
        ].sort(),
      );
      expect(web).toMatchObject({ name: 'Test OJ', shortName: 'OJ', recordName: 'ICP-1', register: true });
      const pub = (await json('GET', '/api/get-website-config')).body.data;
      expect(pub.name).toBe('Test OJ');
      expect(pub.recordUrl).toBe('https://beian.example');
    });

    it('refuses unsafe links and over-long fields and changes nothing', async () => {
      const before = (await json('GET', '/api/admin/config/get-web-config', 'tok-root')).body.data;
      const link = await json('PUT', '/api/admin/config/set-web-config', 'tok-root', {
        name: 'Changed',
        projectUrl: 'javascript:alert(1)',
      });
      expect(link.http).toBe(200);
      expect(link.body.status).toBe(400);
      expect(link.body.msg).toMatch(/projectUrl/);
      const long = await json('PUT', '/api/admin/config/set-web-config', 'tok-root', {
        name: 'x'.repeat(300),
      });
      expect(long.http).toBe(400);
      expect(long.body.msg).toMatch(/name/);
      const notJson = await h.app.inject({
        method: 'PUT',
        url: '/api/admin/config/set-web-config',
        headers: { authorization: 'tok-root', 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(notJson.json()).toEqual({ status: 400, msg: 'Failed to parse parameter format!', data: null });
      expect((await json('GET', '/api/admin/config/get-web-config', 'tok-root')).body.data).toEqual(before);
    });

    it('get-* config routes accept POST too (the reference maps every method)', async () => {
      expect((await json('POST', '/api/admin/config/get-web-config', 'tok-root', {})).body.status).toBe(200);
      expect((await json('POST', '/api/admin/switch/info', 'tok-root', {})).body.status).toBe(200);
    });
  });

  describe('switches', () => {
    it('have the reference shape and defaults', async () => {
      const { body } = await json('GET', '/api/admin/switch/info', 'tok-root');
      expect(body.data).toMatchObject({
        openPublicDiscussion: true,
        openGroupDiscussion: true,
        openContestComment: true,
        openPublicJudge: true,
        openGroupJudge: true,
        openContestJudge: true,
        hideNonContestSubmissionCode: false,
        defaultSubmitInterval: 8,
        defaultCreateGroupDailyLimit: 2,
        defaultCreateGroupLimit: 5,
        defaultCreateGroupACInitValue: 20,
        defaultCreateDiscussionDailyLimit: 5,
        defaultCreateDiscussionACInitValue: 10,
        defaultCreateCommentACInitValue: 10,
        ...emptyLists(),
      });
      expect(Object.keys(body.data)).toHaveLength(26);
    });

    it('toggle, keep null fields, clamp a negative interval, and show in the public config', async () => {
      const r = await json('PUT', '/api/admin/switch/update', 'tok-root', {
        ...emptyLists(),
        openPublicDiscussion: false,
        openContestComment: null,
        defaultSubmitInterval: -3,
        cfUsernameList: ['bot1'],
        cfPasswordList: ['pw1'],
      });
      expect(r.body).toEqual({ status: 200, msg: 'success', data: null });
      const s = (await json('GET', '/api/admin/switch/info', 'tok-root')).body.data;
      expect(s).toMatchObject({
        openPublicDiscussion: false,
        openContestComment: true,
        defaultSubmitInterval: 0,
        cfUsernameList: ['bot1'],
        // The stored password never leaves the server (compat X31).
        cfPasswordList: [PASSWORD_MASK],
      });
      expect((await json('GET', '/api/get-website-config')).body.data.openPublicDiscussion).toBe(false);
      expect((await h.site.switches()).openPublicDiscussion).toBe(false);
      expect((await h.site.switches()).cfPasswordList).toEqual(['pw1']);
      // Sent back masked, it keeps the stored password; a masked new account is refused.
      const kept = await json('PUT', '/api/admin/switch/update', 'tok-root', { ...s, openPublicJudge: true });
      expect(kept.body.status).toBe(200);
      expect((await h.site.switches()).cfPasswordList).toEqual(['pw1']);
      const unknown = await json('PUT', '/api/admin/switch/update', 'tok-root', {
        ...s,
        cfUsernameList: ['bot1', 'bot2'],
        cfPasswordList: [PASSWORD_MASK, PASSWORD_MASK],
      });
      expect(unknown.body).toMatchObject({ status: 400, msg: 'cf的账号bot2没有已保存的密码，请填写密码！' });
      expect((await h.site.switches()).cfUsernameList).toEqual(['bot1']);
    });

    it('bad input gets a clear error and changes nothing', async () => {
      const before = (await json('GET', '/api/admin/switch/info', 'tok-root')).body.data;
      const missing = await json('PUT', '/api/admin/switch/update', 'tok-root', { openPublicJudge: false });
      expect(missing.http).toBe(400);
      expect(missing.body.status).toBe(400);
      expect(missing.body.msg).toMatch(/UsernameList|PasswordList/);
      const badType = await json('PUT', '/api/admin/switch/update', 'tok-root', {
        ...emptyLists(),
        openPublicJudge: false,
        defaultCreateGroupLimit: -1,
      });
      expect(badType.http).toBe(400);
      expect(badType.body.msg).toBe('defaultCreateGroupLimit必须是非负整数！');
      const unpaired = await json('PUT', '/api/admin/switch/update', 'tok-root', {
        ...emptyLists(),
        openPublicJudge: false,
        hduUsernameList: ['a', 'b'],
        hduPasswordList: ['p'],
      });
      expect(unpaired.http).toBe(200);
      expect(unpaired.body.status).toBe(400);
      expect(unpaired.body.msg).toMatch(/hdu/);
      expect((await json('GET', '/api/admin/switch/info', 'tok-root')).body.data).toEqual(before);
    });
  });

  describe('tools', () => {
    it('are created, listed publicly in seq order, edited and deleted by root', async () => {
      const a = await json('POST', '/api/admin/tools', 'tok-root', {
        name: 'OI Wiki',
        url: 'https://oi-wiki.org',
      });
      expect(a.body.status).toBe(200);
      expect(a.body.data).toMatchObject({ name: 'OI Wiki', url: 'https://oi-wiki.org', seq: 0 });
      expect(a.body.data.gmtCreate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);
      const b = await json('POST', '/api/admin/tools', 'tok-root', {
        name: ' CF ',
        url: 'https://codeforces.com',
        seq: 5,
      });
      expect(b.body.data.name).toBe('CF');
      const list = (await json('GET', '/api/tools')).body.data;
      expect(list.map((t: { name: string }) => t.name)).toEqual(['CF', 'OI Wiki']);
      expect(Object.keys(list[0]).sort()).toEqual(['gmtCreate', 'gmtModified', 'id', 'name', 'seq', 'url']);

      const edit = await json('PUT', '/api/admin/tools', 'tok-root', {
        id: a.body.data.id,
        name: 'OI-Wiki',
        url: 'http://oi-wiki.org',
      });
      expect(edit.body.data).toMatchObject({
        id: a.body.data.id,
        name: 'OI-Wiki',
        url: 'http://oi-wiki.org',
      });
      expect((await json('DELETE', `/api/admin/tools?id=${b.body.data.id}`, 'tok-root')).body.status).toBe(
        200,
      );
      expect((await json('GET', '/api/tools')).body.data.map((t: { name: string }) => t.name)).toEqual([
        'OI-Wiki',
      ]);
      const again = await json('DELETE', `/api/admin/tools?id=${b.body.data.id}`, 'tok-root');
      expect(again.body).toEqual({ status: 400, msg: '删除失败，该工具不存在！', data: null });
    });

    it('refuse bad names and non-http links, changing nothing', async () => {
      const before = await counts(h.db);
      const js = await json('POST', '/api/admin/tools', 'tok-root', {
        name: 'x',
        url: 'javascript:alert(1)',
      });
      expect(js.http).toBe(400);
      expect(js.body.msg).toMatch(/http/);
      const blank = await json('POST', '/api/admin/tools', 'tok-root', {
        name: '   ',
        url: 'https://x.example',
      });
      expect(blank.http).toBe(400);
      expect(blank.body.msg).toMatch(/工具名称/);
      const missing = await json('PUT', '/api/admin/tools', 'tok-root', {
        name: 'x',
        url: 'https://x.example',
      });
      expect(missing.http).toBe(400);
      const unknown = await json('PUT', '/api/admin/tools', 'tok-root', {
        id: 424242,
        name: 'x',
        url: 'https://x.example',
      });
      expect(unknown.body).toEqual({ status: 400, msg: '修改失败，该工具不存在！', data: null });
      const noId = await json('DELETE', '/api/admin/tools', 'tok-root');
      expect(noId.http).toBe(400);
      expect(noId.body.msg).toBe(
        "The required request parameters are missing：Required parameter 'id' is not present",
      );
      expect(await counts(h.db)).toEqual(before);
    });
  });

  describe('announcements', () => {
    it('home list shows visible site announcements newest first with the page shape', async () => {
      const add = (title: string, status?: number) =>
        json('POST', '/api/admin/announcement', 'tok-root', {
          title,
          content: `**${title}**`,
          status,
          uid: 'forged',
        });
      expect((await add('first')).body).toEqual({ status: 200, msg: 'success', data: null });
      await add('hidden', 1);
      await add('second');
      const page = (await json('GET', '/api/get-common-announcement?currentPage=1&limit=2')).body.data;
      expect(Object.keys(page).sort()).toEqual([
        'current',
        'orders',
        'pages',
        'records',
        'searchCount',
        'size',
        'total',
      ]);
      expect(page).toMatchObject({ total: 3, size: 2, current: 1, pages: 2, orders: [], searchCount: true });
      expect(page.records.map((a: { title: string }) => a.title)).toEqual(['second', 'first']);
      const rec = page.records[0];
      expect(Object.keys(rec).sort()).toEqual(
        ['content', 'gmtCreate', 'gmtModified', 'id', 'status', 'title', 'uid', 'username'].sort(),
      );
      // The author is the caller, not the uid the client sent.
      expect(rec).toMatchObject({ uid: '1', username: 'root', status: 0, content: '**second**' });
      const last = (await json('GET', '/api/get-common-announcement?currentPage=2&limit=2')).body.data;
      expect(last.records.map((a: { title: string }) => a.title)).toEqual([expect.stringMatching(/Welcome/)]);
      const defaults = (await json('GET', '/api/get-common-announcement?currentPage=0&limit=-1')).body.data;
      expect(defaults).toMatchObject({ current: 1, size: 10, total: 3 });

      const admin = (await json('GET', '/api/admin/announcement?limit=50', 'tok-root')).body.data;
      expect(admin.total).toBe(4);
      expect(admin.records.map((a: { title: string }) => a.title).slice(0, 3)).toEqual([
        'second',
        'hidden',
        'first',
      ]);
    });

    it('PUT updates by id (absent status means shown) or creates without one; DELETE removes', async () => {
      const all = (await json('GET', '/api/admin/announcement?limit=50', 'tok-root')).body.data.records;
      const hidden = all.find((a: { title: string }) => a.title === 'hidden');
      const r = await json('PUT', '/api/admin/announcement', 'tok-root', {
        id: hidden.id,
        title: 'now shown',
        content: 'c',
      });
      expect(r.body).toEqual({ status: 200, msg: 'success', data: null });
      const home = (await json('GET', '/api/get-common-announcement?limit=50')).body.data.records;
      expect(home.map((a: { title: string }) => a.title)).toContain('now shown');

      const created = await json('PUT', '/api/admin/announcement', 'tok-root', {
        title: 'via put',
        content: 'c',
        status: 1,
      });
      expect(created.body.status).toBe(200);
      const after = (await json('GET', '/api/admin/announcement?limit=50', 'tok-root')).body.data;
      expect(after.total).toBe(5);
      const viaPut = after.records.find((a: { title: string }) => a.title === 'via put');
      expect(viaPut.status).toBe(1);

      expect((await json('DELETE', `/api/admin/announcement?aid=${viaPut.id}`, 'tok-root')).body.status).toBe(
        200,
      );
      expect((await json('GET', '/api/admin/announcement?limit=50', 'tok-root')).body.data.total).toBe(4);
    });

    it('bad input gets the right error and changes nothing', async () => {
      const before = (await json('GET', '/api/admin/announcement?limit=50', 'tok-root')).body.data;
      const blankTitle = await json('POST', '/api/admin/announcement', 'tok-root', {
        title: '  ',
        content: 'c',
      });
      expect(blankTitle.http).toBe(400);
      expect(blankTitle.body.msg).toBe('公告标题不能为空且不能超过255个字符！');
      const noContent = await json('POST', '/api/admin/announcement', 'tok-root', { title: 't' });
      expect(noContent.http).toBe(400);
      expect(noContent.body.msg).toBe('content must not be null');
      const badStatus = await json('POST', '/api/admin/announcement', 'tok-root', {
        title: 't',
        content: 'c',
        status: 7,
      });
      expect(badStatus.http).toBe(400);
      const unknown = await json('PUT', '/api/admin/announcement', 'tok-root', {
        id: 987654,
        title: 't',
        content: 'c',
      });
      expect(unknown.body).toEqual({ status: 400, msg: '修改失败', data: null });
      const gone = await json('DELETE', '/api/admin/announcement?aid=987654', 'tok-root');
      expect(gone.body).toEqual({ status: 400, msg: '删除失败', data: null });
      const noAid = await json('DELETE', '/api/admin/announcement', 'tok-root');
      expect(noAid.http).toBe(400);
      expect((await json('GET', '/api/admin/announcement?limit=50', 'tok-root')).body.data).toEqual(before);
    });

    it('group announcements (gid set) are neither listed nor editable here', async () => {
      const row = await h.db
        .insertInto('announcement')
        .values({ title: 'group only', content: 'g', uid: 'x', username: 'x', gid: 77 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const home = (await json('GET', '/api/get-common-announcement?limit=50')).body.data.records;
      expect(home.map((a: { title: string }) => a.title)).not.toContain('group only');
      const admin = (await json('GET', '/api/admin/announcement?limit=50', 'tok-root')).body.data.records;
      expect(admin.map((a: { title: string }) => a.title)).not.toContain('group only');
      expect((await json('DELETE', `/api/admin/announcement?aid=${row.id}`, 'tok-root')).body.msg).toBe(
        '删除失败',
      );
      const put = await json('PUT', '/api/admin/announcement', 'tok-root', {
        id: row.id,
        title: 'hijack',
        content: 'x',
      });
      expect(put.body.msg).toBe('修改失败');
      const still = await h.db
        .selectFrom('announcement')
        .select('title')
        .where('id', '=', row.id)
        .executeTakeFirst();
      expect(still?.title).toBe('group only');
    });
  });

  describe('home carousel', () => {
    const upload = (filename: string, bytes: Buffer, token: Token = 'tok-root', field = 'file') => {
      const body = multipart(field, filename, bytes);
      return h.app.inject({
        method: 'POST',
        url: '/api/file/upload-carouse-img',
        headers: { ...body.headers, authorization: token },
        payload: body.payload,
      });
    };

    it('root uploads an image; it is listed and served at its public URL; deleting removes it', async () => {
      const r = await upload('banner.PNG', PNG);
      expect(r.statusCode).toBe(200);
      const img = r.json().data;
      expect(Object.keys(img).sort()).toEqual(['id', 'url']);
      expect(img.url).toMatch(/^\/api\/public\/img\/carousel\/[0-9a-f]{64}\.png$/);
      const list = (await json('GET', '/api/home-carousel')).body.data;
      expect(list).toContainEqual(img);

      const served = await h.app.inject({ method: 'GET', url: img.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const del = await json('DELETE', `/api/admin/config/home-carousel?id=${img.id}`, 'tok-root');
      expect(del.body).toEqual({ status: 200, msg: 'success', data: null });
      expect((await json('GET', '/api/home-carousel')).body.data).not.toContainEqual(img);
      expect((await h.app.inject({ method: 'GET', url: img.url })).statusCode).toBe(404);
      const again = await json('DELETE', `/api/admin/config/home-carousel?id=${img.id}`, 'tok-root');
      expect(again.body).toEqual({ status: 400, msg: '文件id错误，图片不存在', data: null });
    });

    it('refuses other types, empty files, a missing file and non-root callers; changes nothing', async () => {
      const before = await counts(h.db);
      const html = await upload('x.html', Buffer.from('<script>alert(1)</script>'));
      expect(html.json()).toEqual({
        status: 400,
        msg: '请选择jpg,jpeg,gif,png,webp,jfif,svg格式的头像图片！',
        data: null,
      });
      expect((await upload('x.png', Buffer.alloc(0))).json().msg).toBe('上传的图片文件不能为空！');
      expect((await upload('x.png', PNG, 'tok-root', 'image')).json().msg).toBe('上传的图片文件不能为空！');
      const notMultipart = await json('POST', '/api/file/upload-carouse-img', 'tok-root', {});
      expect(notMultipart.body.msg).toBe('上传的图片文件不能为空！');
      expect((await upload('x.png', PNG, 'tok-admin')).statusCode).toBe(403);
      expect(await counts(h.db)).toEqual(before);
      const unknownFile = await h.app.inject({
        method: 'GET',
        url: `/api/public/img/carousel/${'0'.repeat(64)}.png`,
      });
      expect(unknownFile.statusCode).toBe(404);
      expect(
        (await h.app.inject({ method: 'GET', url: '/api/public/img/carousel/..%2F..%2Fetc' })).statusCode,
      ).toBe(404);
    });

    it('serves SVG with a sandboxing content security policy', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const img = (await upload('logo.svg', svg)).json().data;
      const served = await h.app.inject({ method: 'GET', url: img.url });
      expect(served.headers['content-type']).toBe('image/svg+xml');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    });
  });
});
