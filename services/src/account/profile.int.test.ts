import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../test/support/db';
import { listOutbox } from '../platform/mail/mailer';
import { counts, loginAs, PASSWORD, startHarness, type Harness } from './harness.test-support';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, bytes: Buffer, type = 'image/png') {
  const boundary = '----oj-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DB_KINDS)('profile on %s', (kind) => {
  let h: Harness;
  let alice: string;
  beforeAll(async () => {
    h = await startHarness(kind);
    alice = await loginAs(h.app, 'alice');
  }, 60_000);
  afterAll(() => h?.close());

  const post = (url: string, payload: unknown, token?: string) =>
    h.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: token ? { authorization: token } : {},
    });
  const get = (url: string, token?: string) =>
    h.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
  const hashOf = async (uid: string) =>
    (await h.db.selectFrom('users').select('password_hash').where('uid', '=', uid).executeTakeFirstOrThrow())
      .password_hash;

  it('every login-only endpoint refuses anonymous callers with HTTP 401 and changes nothing', async () => {
    const before = await counts(h.db);
    const calls = [
      get('/api/logout'),
      get('/api/get-user-auth-info'),
      post('/api/change-password', { oldPassword: PASSWORD, newPassword: 'abcdef1' }),
      get('/api/get-change-email-code?email=x@example.com'),
      post('/api/change-email', { password: PASSWORD, newEmail: 'x@example.com', code: '123456' }),
      post('/api/change-userInfo', { nickname: 'x' }),
      h.app.inject({ method: 'POST', url: '/api/file/upload-avatar', ...multipart('image', 'a.png', PNG) }),
      get('/api/admin/logout'),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ status: 401, msg: '请您先登录！', data: null });
    }
    expect(await counts(h.db)).toEqual(before);
  });

  describe('change-password', () => {
    it('validates, counts failures, locks on the 5th, and unlocks after 30 minutes', async () => {
      const bob = await loginAs(h.app, 'bob');
      const hash = await hashOf(h.users.bob);
      const cp = (body: object) => post('/api/change-password', body, bob);
      expect((await cp({ oldPassword: PASSWORD })).json()).toEqual({
        status: 400,
        msg: '错误：原始密码或新密码不能为空！',
        data: null,
      });
      expect((await cp({ oldPassword: PASSWORD, newPassword: '123' })).json().msg).toBe(
        '新密码长度应该为6~20位！',
      );
      for (let n = 1; n <= 4; n++) {
        const r = (await cp({ oldPassword: 'wrong-pass', newPassword: 'abcdef1' })).json();
        expect(r.status).toBe(200);
        expect(r.data.code).toBe(400);
        expect(r.data.msg).toContain(`原始密码错误！您已累计修改密码失败${n}次`);
        expect(r.data.userInfo).toBeNull();
      }
      const fifth = (await cp({ oldPassword: 'wrong-pass', newPassword: 'abcdef1' })).json();
      expect(fifth.data.code).toBe(403);
      expect(fifth.data.msg).toMatch(
        /^由于您多次修改密码失败，修改密码功能已锁定，请在30分0秒后\(.+\)再进行尝试！$/,
      );
      const locked = (await cp({ oldPassword: PASSWORD, newPassword: 'abcdef1' })).json();
      expect(locked.data.code).toBe(403);
      expect(await hashOf(h.users.bob)).toBe(hash);
      h.advance(30 * 60_000 + 1000);
      const done = (await cp({ oldPassword: PASSWORD, newPassword: 'abcdef1' })).json();
      expect(done).toEqual({
        status: 200,
        msg: 'success',
        data: { code: 200, msg: '修改密码成功！您将于5秒钟后退出进行重新登录操作！', userInfo: null },
      });
      expect((await post('/api/login', { username: 'bob', password: 'abcdef1' })).json().status).toBe(200);
    });
  });

  describe('change-email', () => {
    it('sends a code with a cooldown and changes the e-mail with code and password', async () => {
      const codeFor = async (to: string) => (await listOutbox(h.db, to))[0]?.body.match(/\b(\d{6})\b/)?.[1];
      expect((await get('/api/get-change-email-code?email=alice@example.com', alice)).json().msg).toBe(
        '新邮箱与当前邮箱一致，请不要重复设置！',
      );
      expect((await get('/api/get-change-email-code?email=bob@example.com', alice)).json().msg).toBe(
        '该邮箱已被他人使用，请重新设置其它邮箱！',
      );
      expect((await get('/api/get-change-email-code?email=alice2@example.com', alice)).json()).toEqual({
        status: 200,
        msg: 'success',
        data: null,
      });
      expect((await get('/api/get-change-email-code?email=alice2@example.com', alice)).json().msg).toMatch(
        /^对不起，您的操作频率过快，请在(30|29)秒后再次发送修改邮件！$/,
      );
      const code = await codeFor('alice2@example.com');
      expect(code).toMatch(/^\d{6}$/);

      const ce = (body: object) => post('/api/change-email', body, alice);
      expect((await ce({ password: PASSWORD, newEmail: 'alice2@example.com' })).json().msg).toBe(
        '错误：密码、新邮箱或验证码不能为空！',
      );
      expect((await ce({ password: PASSWORD, newEmail: 'alice2', code })).json().msg).toBe('邮箱格式错误！');
      expect((await ce({ password: PASSWORD, newEmail: 'bob@example.com', code })).json().msg).toBe(
        '该邮箱已被他人使用，请重新设置其它邮箱！',
      );
      expect((await ce({ password: PASSWORD, newEmail: 'other@example.com', code })).json().msg).toBe(
        '修改邮箱验证码不存在或已过期，请重新发送！',
      );
      const wrongCode = (
        await ce({ password: PASSWORD, newEmail: 'alice2@example.com', code: 'x' + code })
      ).json();
      expect(wrongCode.data.code).toBe(400);
      expect(wrongCode.data.msg).toContain('验证码错误！您已累计修改邮箱失败1次');
      const wrongPw = (await ce({ password: 'bad-password', newEmail: 'alice2@example.com', code })).json();
      expect(wrongPw.data.code).toBe(400);
      expect(wrongPw.data.msg).toContain('密码错误！您已累计修改邮箱失败2次');
      const mail = async () =>
        (
          await h.db
            .selectFrom('users')
            .select('email')
            .where('uid', '=', h.users.alice)
            .executeTakeFirstOrThrow()
        ).email;
      expect(await mail()).toBe('alice@example.com');

      const ok = (
        await ce({ password: PASSWORD, newEmail: ' alice2@example.com ', code, oldEmail: 'ignored' })
      ).json();
      expect(ok.status).toBe(200);
      expect(ok.data.code).toBe(200);
      expect(ok.data.msg).toBe('修改邮箱成功！');
      expect(ok.data.userInfo.email).toBe('alice2@example.com');
      expect(ok.data.userInfo.roleList).toEqual(['default_user']);
      expect(await mail()).toBe('alice2@example.com');
    });

    it('an expired change-email code is refused', async () => {
      await get('/api/get-change-email-code?email=alice3@example.com', alice);
      const code = (await listOutbox(h.db, 'alice3@example.com'))[0]!.body.match(/\b(\d{6})\b/)![1];
      h.advance(600_001);
      const r = (
        await post('/api/change-email', { password: PASSWORD, newEmail: 'alice3@example.com', code }, alice)
      ).json();
      expect(r).toEqual({ status: 400, msg: '修改邮箱验证码不存在或已过期，请重新发送！', data: null });
    });
  });

  describe('change-userInfo', () => {
    it('writes exactly the profile columns, clearing absent ones', async () => {
      const r = await post(
        '/api/change-userInfo',
        {
          nickname: 'Ally',
          school: 'MIT',
          gender: 'female',
          signature: '# hi',
          cfUsername: 'tourist',
          course: 'ignored',
          username: 'mallory',
          email: 'x@y.z',
          titleName: 'god',
        },
        alice,
      );
      const data = r.json().data;
      expect(r.json().status).toBe(200);
      expect(data).toMatchObject({
        uid: h.users.alice,
        username: 'alice',
        nickname: 'Ally',
        school: 'MIT',
        gender: 'female',
        signature: '# hi',
        cfUsername: 'tourist',
        course: null,
        titleName: null,
        realname: null,
      });
      const cleared = (await post('/api/change-userInfo', { nickname: 'A2' }, alice)).json().data;
      expect(cleared.school).toBeNull();
      expect(cleared.nickname).toBe('A2');
    });

    it('refuses over-long fields with the item text and changes nothing', async () => {
      const r = await post('/api/change-userInfo', { nickname: 'n'.repeat(21), school: 'Oxford' }, alice);
      expect(r.json()).toEqual({ status: 400, msg: '昵称的内容长度超过限制，请重新编辑！', data: null });
      const row = await h.db
        .selectFrom('users')
        .selectAll()
        .where('uid', '=', h.users.alice)
        .executeTakeFirstOrThrow();
      expect(row.nickname).toBe('A2');
      expect(row.school).toBeNull();
      const wrongType = await post('/api/change-userInfo', { nickname: { a: 1 } }, alice);
      expect(wrongType.statusCode).toBe(400);
    });
  });

  describe('user home and heatmap', () => {
    it('resolves by uid, username, both, or the caller', async () => {
      const home = await get(`/api/get-user-home-info?uid=${h.users.bob}`);
      expect(home.json().data).toEqual({
        uid: h.users.bob,
        username: 'bob',
        school: null,
        signature: null,
        nickname: null,
        gender: null,
        github: null,
        blog: null,
        avatar: null,
        titleName: null,
        titleColor: null,
        total: 0,
        rating: null,
        scoreList: [],
        solvedList: [],
        solvedGroupByDifficulty: null,
        recentLoginTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/),
      });
      expect((await get('/api/get-user-home-info?username=bob')).json().data.uid).toBe(h.users.bob);
      expect((await get('/api/get-user-home-info', alice)).json().data.username).toBe('alice');
      expect((await get('/api/get-user-home-info')).json()).toEqual({
        status: 400,
        msg: '请求参数错误：uid和username不能都为空！',
        data: null,
      });
      expect((await get(`/api/get-user-home-info?uid=${h.users.bob}&username=alice`)).json().msg).toBe(
        '用户不存在',
      );
      expect((await get('/api/get-user-home-info?username=banned')).json().msg).toBe('用户不存在');
      expect((await get('/api/get-user-home-info?username=ghost')).json().msg).toBe('用户不存在');
    });

    it('shows submission statistics from the plugged-in port', async () => {
      h.cap.useSubmissionStats({
        totalsFor: async (uid) => ({ total: uid === h.users.bob ? 7 : 0, scoreList: [100, null] }),
        solvedProblems: async () => [
          { id: 1, problemId: '1000', difficulty: 0 },
          { id: 5, problemId: '1004', difficulty: 2 },
          { id: 3, problemId: '1002', difficulty: 0 },
        ],
        heatmap: async (_uid, since) => [{ date: since.toISOString().slice(0, 10), count: 3 }],
      });
      const d = (await get('/api/get-user-home-info?username=bob')).json().data;
      expect(d.total).toBe(7);
      expect(d.scoreList).toEqual([100, null]);
      expect(d.solvedList).toEqual(['1000', '1004', '1002']);
      expect(d.solvedGroupByDifficulty).toEqual({
        '0': [
          { id: 1, problemId: '1000', difficulty: 0 },
          { id: 3, problemId: '1002', difficulty: 0 },
        ],
        '2': [{ id: 5, problemId: '1004', difficulty: 2 }],
      });
      const hm = (await get('/api/get-user-calendar-heatmap?username=bob')).json();
      expect(hm.status).toBe(200);
      expect(hm.data.endDate).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(hm.data.dataList).toHaveLength(1);
      expect(Number(hm.data.endDate.slice(0, 4)) - Number(hm.data.dataList[0].date.slice(0, 4))).toBe(1);
      expect((await get('/api/get-user-calendar-heatmap?username=ghost')).json().data.dataList).toEqual([]);
      expect((await get('/api/get-user-calendar-heatmap')).json().msg).toBe(
        '请求参数错误：uid和username不能都为空！',
      );
    });
  });

  describe('avatar', () => {
    const upload = (field: string, filename: string, bytes: Buffer, token = alice) =>
      h.app.inject({
        method: 'POST',
        url: '/api/file/upload-avatar',
        ...multipart(field, filename, bytes),
        headers: { ...multipart(field, filename, bytes).headers, authorization: token },
      });

    it('stores the image, answers the short user info, and serves the bytes', async () => {
      const r = await upload('image', 'me.PNG', PNG);
      const body = r.json();
      expect(body.status).toBe(200);
      expect(body.data.avatar).toMatch(/^\/api\/public\/img\/[0-9a-f]{32}\.png$/);
      expect(Object.keys(body.data).sort()).toEqual(
        [
          'uid',
          'username',
          'nickname',
          'avatar',
          'email',
          'number',
          'school',
          'course',
          'signature',
          'realname',
          'github',
          'blog',
          'cfUsername',
          'roleList',
        ].sort(),
      );
      const img = await get(body.data.avatar);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
      // A second upload flags the first one.
      const second = (await upload('image', 'b.gif', PNG)).json().data.avatar;
      expect(second).not.toBe(body.data.avatar);
      const rows = await h.db
        .selectFrom('account_avatar')
        .select(['name', 'deleted'])
        .where('uid', '=', h.users.alice)
        .execute();
      expect(rows.filter((x) => !x.deleted).map((x) => `/api/public/img/${x.name}`)).toEqual([second]);
      const missing = await get('/api/public/img/0123456789abcdef0123456789abcdef.png');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().status).toBe(404);
      expect((await get('/api/public/img/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
    });

    it('refuses missing, too large and wrongly typed files without storing anything', async () => {
      const before = await counts(h.db);
      expect((await upload('file', 'a.png', PNG)).json()).toEqual({
        status: 400,
        msg: '上传的头像图片文件不能为空！',
        data: null,
      });
      expect((await upload('image', 'big.png', Buffer.alloc(2 * 1024 * 1024 + 1))).json().msg).toBe(
        '上传的头像图片文件大小不能大于2M！',
      );
      expect((await upload('image', 'evil.svg', PNG)).json().msg).toBe(
        '请选择jpg,jpeg,gif,png,webp格式的头像图片！',
      );
      expect((await upload('image', 'x.pg', PNG)).json().msg).toBe(
        '请选择jpg,jpeg,gif,png,webp格式的头像图片！',
      );
      const notMultipart = await post('/api/file/upload-avatar', { image: 'x' }, alice);
      expect(notMultipart.json().msg).toBe('上传的头像图片文件不能为空！');
      expect(await counts(h.db)).toEqual(before);
    });
  });

  describe('role matrix', () => {
    it('anonymous, user, admin and super admin are refused exactly where the contract refuses them', async () => {
      const tokens = {
        user: await loginAs(h.app, 'padmin').then(() => loginAs(h.app, 'bob', 'abcdef1')),
        admin: await loginAs(h.app, 'admin1'),
        root: await loginAs(h.app, 'root'),
      };
      for (const [who, t] of Object.entries(tokens)) {
        expect((await get('/api/get-user-auth-info', t)).statusCode, who).toBe(200);
        expect((await get('/api/get-user-home-info', t)).json().status, who).toBe(200);
      }
      expect((await get('/api/get-user-auth-info', tokens.root)).json().data.roles).toEqual(['root']);
      expect((await get('/api/admin/logout', tokens.user)).statusCode).toBe(403);
      expect((await get('/api/admin/logout', tokens.admin)).statusCode).toBe(200);
      expect((await get('/api/admin/logout', tokens.root)).statusCode).toBe(200);
      // Anonymous endpoints need no token at all.
      expect((await get('/api/captcha')).statusCode).toBe(200);
      expect((await post('/api/check-username-or-email', { username: 'x' })).statusCode).toBe(200);
    });
  });
});
