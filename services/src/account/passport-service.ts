// Login, registration, captcha and password reset (core.md §3, §11).
import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { Role } from '@oj/protocol';
import type {
  AdminLoginBody,
  ApplyResetPasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  UserInfo,
} from '@oj/protocol/account/schemas';
import { badRequest, BusyError, fail } from '../platform/http/errors';
import type { Mailer } from '../platform/mail/mailer';
import type { AccountTables } from './tables';
import type { Clock } from './tokens';
import type { Sessions } from './session';
import type { AccountPolicyPort } from './ports';
import type { NoticePort } from '../platform/shared-ports';
import * as repo from './repository';
import * as R from './rules';
import {
  checkPassword as checkStored,
  HashQueueFull,
  hashPassword,
  upgradeAfterSignIn,
  verifyAgainstNothing,
} from './passwords';
import { Messages } from '../platform/http/errors';
import { toUserInfo } from './user-info';

export interface PassportDeps {
  db: Kysely<AccountTables>;
  clock: Clock;
  sessions: Sessions;
  mailer: Mailer;
  policy: () => AccountPolicyPort;
  /** Personal notices (the message capability): the remote-login notice. */
  notices?: () => NoticePort;
  baseUrl: string;
  log: FastifyBaseLogger;
  /** Per client address (config.ipLimits). */
  ipLimits: { loginsPerMinute: number; mailsPer10Minutes: number };
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export const T = {
  LOCKED: '对不起！登录失败次数过多！您的账号有风险，半个小时内暂时无法登录！',
  WRONG_LOGIN: '用户名或密码错误！请注意大小写！',
  WRONG_ADMIN_LOGIN: '用户名或密码错误',
  BANNED: '该账户已被封禁，请联系管理员进行处理！',
  NOT_ADMIN: '该账号并非管理员账号，无权登录！',
  VERIFY_REQUIRED: '登录失败次数过多，请先完成验证码验证！',
  CAPTCHA_WRONG: '验证码不正确',
  PASSWORD_LENGTH: '密码长度应该为6~20位！',
  USERNAME_LENGTH: '用户名长度不能超过20位!',
  REGISTER_OFF: '对不起！本站暂未开启注册功能！',
  EMAIL_FORMAT: '对不起！您的邮箱格式不正确！',
  EMAIL_BLOCKED: '对不起！您的邮箱无法注册本网站！',
  EMAIL_TAKEN_REGISTER: '对不起！该邮箱已被注册，请更换新的邮箱！',
  USERNAME_EXISTS: '用户名已存在，请更换用户名！',
  EMAIL_EXISTS: '邮箱已被注册，请更换邮箱！',
  CODE_MISSING: '验证码不存在或已过期',
} as const;

const KIND = { register: 'register', reset: 'reset-password', captcha: 'captcha' } as const;
const loginLockKey = (username: string, ip: string | null) => `login-fail:${username}_${ip ?? ''}`;
const loginVerifyKey = (username: string) => `login-fail-user:${username}`;
const loginIpKey = (ip: string | null) => `login-ip:${ip ?? ''}`;
const loginIpFailKey = (ip: string | null) => `login-ip-fail:${ip ?? ''}`;
const mailIpKey = (ip: string | null) => `mail-ip:${ip ?? ''}`;

export function createPassportService(d: PassportDeps) {
  const now = () => d.clock();

  /** Shared by both logins: counters, verification step, password, status. */
  async function checkCredentials(
    username: string,
    password: string,
    proof: { captchaKey?: string | null; captcha?: string | null },
    client: ClientInfo,
    wrongText: string,
  ) {
    const t = now();
    // Per address: every try costs an argon2 computation, a failed one also counts apart.
    const tries = await repo.incrementCounter(d.db, loginIpKey(client.ip), t, R.LOGIN_IP_WINDOW_MS, false);
    if (tries > d.ipLimits.loginsPerMinute) throw fail(Messages.TOO_MANY_REQUESTS);
    const ipFailures = await repo.readCounter(d.db, loginIpFailKey(client.ip), t);
    if (ipFailures && ipFailures.count >= R.LOGIN_IP_MAX_FAILURES) throw fail(Messages.TOO_MANY_REQUESTS);
    try {
      return await checkPassword(username, password, proof, client, wrongText, t);
    } catch (err) {
      // The password pool's line is full: busy, with when to retry (envelope and Retry-After).
      if (err instanceof HashQueueFull) throw new BusyError(err.retryAfterS);
      throw err;
    }
  }

  async function checkPassword(
    username: string,
    password: string,
    proof: { captchaKey?: string | null; captcha?: string | null },
    client: ClientInfo,
    wrongText: string,
    t: Date,
  ) {
    const lock = await repo.readCounter(d.db, loginLockKey(username, client.ip), t);
    if (lock && lock.count >= R.LOGIN_LOCK_THRESHOLD) throw fail(T.LOCKED);
    const failures = await repo.readCounter(d.db, loginVerifyKey(username), t);
    if (failures && failures.count >= R.LOGIN_VERIFY_THRESHOLD) {
      if (R.isBlank(proof.captchaKey) || R.isBlank(proof.captcha)) throw fail(T.VERIFY_REQUIRED);
      const answer = await repo.getCode(d.db, KIND.captcha, proof.captchaKey, t);
      // A login proof is single-use, unlike the reset-password captcha.
      await repo.deleteCode(d.db, KIND.captcha, proof.captchaKey);
      if (answer === null || answer !== proof.captcha.trim().toLowerCase()) throw fail(T.CAPTCHA_WRONG);
    }
    const user = await repo.findUserByUsername(d.db, username);
    if (!user) {
      await verifyAgainstNothing(password);
      await repo.incrementCounter(d.db, loginIpFailKey(client.ip), t, R.LOGIN_IP_FAIL_WINDOW_MS, false);
      throw fail(wrongText);
    }
    const check = await checkStored(user.password_hash, password);
    if (check.otherKey)
      d.log.error(
        { uid: user.uid },
        'generated-password hash made with another key (OJ_SECRET_KEY or data dir key)',
      );
    if (!check.ok) {
      await repo.incrementCounter(d.db, loginIpFailKey(client.ip), t, R.LOGIN_IP_FAIL_WINDOW_MS, false);
      await repo.incrementCounter(d.db, loginLockKey(username, client.ip), t, R.LOGIN_LOCK_MS, true);
      await repo.incrementCounter(d.db, loginVerifyKey(username), t, R.LOGIN_LOCK_MS, true);
      throw fail(wrongText);
    }
    if (user.status !== 0) throw fail(T.BANNED);
    // A generated account's fast hash becomes argon2id now the password is known; the sign-in does not wait.
    if (check.upgrade)
      upgradeAfterSignIn(
        password,
        (hash) => repo.upgradePasswordHash(d.db, user.uid, user.password_hash, hash),
        (err) => d.log.warn({ err, uid: user.uid }, 'password hash upgrade failed (retried at next sign-in)'),
      );
    return user;
  }

  async function finishLogin(user: repo.UserRow, roleIds: number[], client: ClientInfo) {
    await repo.deleteCounter(d.db, loginLockKey(user.username, client.ip));
    await repo.deleteCounter(d.db, loginVerifyKey(user.username));
    const token = await d.sessions.issue(user.uid);
    const previousIp = await repo.latestSessionIp(d.db, user.uid);
    await repo.insertSession(d.db, user.uid, client.ip, client.userAgent, now());
    // A login from another address than the last one: a Sys notice (groups-admin-files.md §4.1).
    if (d.notices && previousIp && client.ip && previousIp !== client.ip)
      await d
        .notices()
        .notify({
          toUids: [user.uid],
          kind: 'Sys',
          title: '账号异地登录通知(Account Remote Login Notice)',
          content: `您的账号于 ${now().toISOString()} 在 ${client.ip} 登录，上一次登录地址为 ${previousIp}。如非本人操作，请尽快修改密码。\n\nYour account signed in from ${client.ip} at ${now().toISOString()}; the previous sign-in came from ${previousIp}. If this was not you, change your password.`,
        })
        .catch((err: unknown) => d.log.warn({ err }, 'remote-login notice failed'));
    return { token, userInfo: toUserInfo(user, roleIds) };
  }

  async function sendCodeMail(to: string, subject: string, text: string) {
    d.mailer.sendLater({ to, subject, text });
  }

  /** Mail-sending requests per client address (the per-address cool-downs stay as well). */
  async function chargeMail(ip: string | null) {
    const n = await repo.incrementCounter(d.db, mailIpKey(ip), now(), R.MAIL_IP_WINDOW_MS, false);
    if (n > d.ipLimits.mailsPer10Minutes) throw fail(Messages.TOO_MANY_REQUESTS);
  }

  return {
    async login(body: LoginBody, client: ClientInfo): Promise<{ token: string; userInfo: UserInfo }> {
      if (R.isBlank(body.username)) throw badRequest('用户名不能为空');
      if (R.isBlank(body.password)) throw badRequest('密码不能为空');
      const username = body.username.trim();
      const password = body.password.trim();
      if (!R.passwordLengthOk(password)) throw fail(T.PASSWORD_LENGTH);
      if (username.length > R.USERNAME_MAX) throw fail(T.USERNAME_LENGTH);
      const user = await checkCredentials(username, password, body, client, T.WRONG_LOGIN);
      return finishLogin(user, await repo.roleIdsOf(d.db, user.uid), client);
    },

    async adminLogin(body: AdminLoginBody & LoginBody, client: ClientInfo) {
      if (R.isBlank(body.username)) throw badRequest('用户名不能为空');
      if (R.isBlank(body.password)) throw badRequest('密码不能为空');
      // The admin login neither trims nor checks lengths (core.md §11).
      const user = await checkCredentials(body.username, body.password, body, client, T.WRONG_ADMIN_LOGIN);
      const roleIds = await repo.roleIdsOf(d.db, user.uid);
      if (!R.isAdminRoles(R.authOfRoles(roleIds).roles)) throw fail(T.NOT_ADMIN, 401);
      return finishLogin(user, roleIds, client);
    },

    async registerCode(
      rawEmail: string,
      ip: string | null = null,
    ): Promise<{ email: string; expire: number }> {
      const email = rawEmail.trim();
      const policy = d.policy();
      if (!(await policy.registerOpen())) throw fail(T.REGISTER_OFF, 401);
      if (!R.isEmail(email)) throw fail(T.EMAIL_FORMAT);
      if (R.emailBlacklisted(email, await policy.emailBlacklist())) throw fail(T.EMAIL_BLOCKED, 403);
      const t = now();
      const cooldownKey = `register-cooldown:${email}`;
      const running = await repo.readCounter(d.db, cooldownKey, t);
      const cooldownText = (until: Date) =>
        `对不起，您的操作频率过快，请在${R.remainingSeconds(until, t)}秒后再次发送注册邮件！`;
      if (running) throw fail(cooldownText(running.expiresAt));
      if (await repo.emailExists(d.db, email)) throw fail(T.EMAIL_TAKEN_REGISTER);
      await chargeMail(ip);
      const raced = await repo.tryStartCooldown(d.db, cooldownKey, t, R.REGISTER_COOLDOWN_MS);
      if (raced) throw fail(cooldownText(raced));
      const code = R.numericCode(6);
      await repo.putCode(d.db, KIND.register, email, code, new Date(t.getTime() + R.REGISTER_CODE_TTL_MS));
      await repo.deleteCounter(d.db, `register-code-fail:${email}`);
      await sendCodeMail(
        email,
        '注册验证码 / Registration code',
        `您的注册验证码是 ${code}，10 分钟内有效。\nYour registration code is ${code}. It is valid for 10 minutes.`,
      );
      return { email, expire: R.REGISTER_CODE_REPORTED_EXPIRE_S };
    },

    async register(body: RegisterBody): Promise<void> {
      if (R.isBlank(body.username)) throw badRequest('用户名不能为空');
      if (R.isBlank(body.password)) throw badRequest('密码不能为空');
      if (R.isBlank(body.email)) throw badRequest('邮箱不能为空');
      if (!R.isEmail(body.email.trim())) throw badRequest('邮箱格式错误');
      if (R.isBlank(body.code)) throw badRequest('验证码不能为空');
      if (!(await d.policy().registerOpen())) throw fail(T.REGISTER_OFF, 401);
      const username = body.username.trim();
      const password = body.password.trim();
      const email = body.email.trim();
      const stored = await repo.getCode(d.db, KIND.register, email, now());
      if (stored === null) throw fail(T.CODE_MISSING);
      if (stored !== body.code.trim()) {
        // A 6-digit code must not be guessable: the 5th wrong try discards it.
        const key = `register-code-fail:${email}`;
        const n = await repo.incrementCounter(d.db, key, now(), R.REGISTER_CODE_TTL_MS, false);
        if (n >= R.REGISTER_CODE_MAX_TRIES) {
          await repo.deleteCode(d.db, KIND.register, email);
          await repo.deleteCounter(d.db, key);
        }
        throw fail('验证码不正确');
      }
      if (!R.passwordLengthOk(password)) throw fail(T.PASSWORD_LENGTH);
      if (username.length > R.USERNAME_MAX) throw fail(T.USERNAME_LENGTH);
      // Clear texts instead of the original's HTTP 500 on a unique-key violation (docs/compat.md).
      if (await repo.usernameExists(d.db, username)) throw fail(T.USERNAME_EXISTS);
      if (await repo.emailExists(d.db, email)) throw fail(T.EMAIL_EXISTS);
      const passwordHash = await hashPassword(password);
      try {
        await repo.insertUser(d.db, {
          uid: newUid(),
          username,
          email,
          passwordHash,
          roleIds: [Role.DEFAULT_USER],
        });
      } catch (err) {
        // Lost a race with a concurrent registration of the same name or address.
        if (await repo.usernameExists(d.db, username)) throw fail(T.USERNAME_EXISTS);
        if (await repo.emailExists(d.db, email)) throw fail(T.EMAIL_EXISTS);
        d.log.error({ err }, 'register insert failed');
        throw fail('注册失败，请稍后重新尝试！');
      }
    },

    async checkUsernameOrEmail(body: { username?: string | null; email?: string | null }) {
      const username = body.username?.trim();
      const email = body.email?.trim();
      return {
        username: username ? await repo.usernameExists(d.db, username) : false,
        email: email && R.isEmail(email) ? await repo.emailExists(d.db, email) : false,
      };
    },

    async captcha(): Promise<{ img: string; captchaKey: string }> {
      const expr = R.mathCaptcha();
      const render = svgCaptcha as unknown as (text: string, options: object) => string;
      const c = { text: expr.answer, data: render(expr.question, { width: 120, height: 30, noise: 2 }) };
      const captchaKey = newUid();
      await repo.putCode(
        d.db,
        KIND.captcha,
        captchaKey,
        c.text.toLowerCase(),
        new Date(now().getTime() + R.CAPTCHA_TTL_MS),
      );
      return { img: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, captchaKey };
    },

    async applyResetPassword(body: ApplyResetPasswordBody, ip: string | null = null): Promise<void> {
      if (R.isBlank(body.email) || R.isBlank(body.captcha) || R.isBlank(body.captchaKey))
        throw fail('邮箱或验证码不能为空');
      const email = body.email.trim();
      const t = now();
      const cooldownKey = `reset-cooldown:${email}`;
      const cooldownText = (until: Date) =>
        `对不起，您的操作频率过快，请在${R.remainingSeconds(until, t)}秒后再次发送重置邮件！`;
      const running = await repo.readCounter(d.db, cooldownKey, t);
      if (running) throw fail(cooldownText(running.expiresAt));
      const answer = await repo.getCode(d.db, KIND.captcha, body.captchaKey, t);
      // One answer per captcha: a key cannot be replayed with further guesses (compat X-list).
      await repo.deleteCode(d.db, KIND.captcha, body.captchaKey);
      if (answer === null || answer !== body.captcha.trim().toLowerCase()) throw fail(T.CAPTCHA_WRONG);
      const user = await repo.findUserByEmail(d.db, email);
      if (!user) throw fail('对不起，该邮箱无该用户，请重新检查！');
      await chargeMail(ip);
      const raced = await repo.tryStartCooldown(d.db, cooldownKey, t, R.RESET_COOLDOWN_MS);
      if (raced) throw fail(cooldownText(raced));
      const code = R.hexCode(21);
      await repo.putCode(d.db, KIND.reset, user.username, code, new Date(t.getTime() + R.RESET_CODE_TTL_MS));
      const link = `${d.baseUrl}/reset-password?username=${encodeURIComponent(user.username)}&code=${code}`;
      await sendCodeMail(
        email,
        '重置密码 / Reset your password',
        `请在 10 分钟内打开以下链接重置密码：\nOpen this link within 10 minutes to reset your password:\n${link}`,
      );
    },

    async resetPassword(body: ResetPasswordBody): Promise<void> {
      // Not trimmed, as in the original (core.md §12 #12).
      if (!body.username || !body.password || !body.code) throw fail('用户名、新密码或验证码不能为空');
      if (!R.passwordLengthOk(body.password)) throw fail('新密码长度应该为6~20位！');
      const stored = await repo.getCode(d.db, KIND.reset, body.username, now());
      if (stored === null) throw fail('重置密码链接不存在或已过期，请重新发送重置邮件');
      if (stored !== body.code) throw fail('重置密码的验证码不正确，请重新输入');
      const user = await repo.findUserByUsername(d.db, body.username);
      if (!user || !(await repo.updatePasswordHash(d.db, user.uid, await hashPassword(body.password), now())))
        throw fail('重置密码失败');
      await repo.deleteCode(d.db, KIND.reset, body.username);
      // Whoever held a token of this account (the reason for a reset) is logged out.
      await d.sessions.revoke(user.uid);
    },

    async logout(uid: string): Promise<void> {
      await d.sessions.revoke(uid);
    },
  };
}

export type PassportService = ReturnType<typeof createPassportService>;

/** 32-hex uid, as the original's uuid without dashes. */
export function newUid(): string {
  return randomUUID().replace(/-/g, '');
}
