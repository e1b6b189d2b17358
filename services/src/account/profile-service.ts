// The signed-in user's own account (auth info, password, e-mail, profile, avatar)
// and the public user home (core.md §3).
import type { Kysely } from 'kysely';
import type {
  AvatarUserInfo,
  ChangeEmailBody,
  ChangeOutcome,
  ChangePasswordBody,
  ChangeUserInfoBody,
  Heatmap,
  UserHome,
  UserInfo,
} from '@oj/protocol/account/schemas';
import { fail, Messages } from '../platform/http/errors';
import { imageTypeOf } from '../platform/http/upload';
import type { Mailer } from '../platform/mail/mailer';
import type { AccountTables } from './tables';
import type { Clock } from './tokens';
import type { AvatarStorage, SubmissionStatsPort } from './ports';
import * as repo from './repository';
import * as R from './rules';
import { hashPassword, verifyPassword } from './passwords';
import { roleNames, toAvatarUserInfo, toUserInfo } from './user-info';
import { newUid } from './passport-service';

export interface ProfileDeps {
  db: Kysely<AccountTables>;
  clock: Clock;
  mailer: Mailer;
  stats: () => SubmissionStatsPort;
  avatars: AvatarStorage;
  /** Ends every session of the user (password changed). */
  revokeSessions: (uid: string) => Promise<void>;
  /** Mail-sending requests per client address and 10 minutes (config.ipLimits). */
  mailsPerIp: number;
}

const CHANGE_EMAIL_KIND = 'change-email';
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  webp: 'image/webp',
};

export function createProfileService(d: ProfileDeps) {
  const now = () => d.clock();

  async function userOrFail(uid: string): Promise<repo.UserRow> {
    const u = await repo.findUserByUid(d.db, uid);
    if (!u) throw fail('用户不存在');
    return u;
  }

  /** A failed change attempt: count it, lock on the 5th (core.md §3 change-password). */
  async function countFailure(feature: '修改密码' | '修改邮箱', uid: string, text: (n: number) => string) {
    const t = now();
    const key = `${feature === '修改密码' ? 'change-password' : 'change-email'}-fail:${uid}`;
    const n = await repo.incrementCounter(d.db, key, t, R.CHANGE_FAIL_WINDOW_MS, false);
    const outcome = R.changeFailureOutcome(n);
    if (!outcome.lock) return { code: 400, msg: text(n), userInfo: null };
    await repo.deleteCounter(d.db, key);
    const until = new Date(t.getTime() + R.CHANGE_LOCK_MS);
    await repo.setMarker(d.db, lockKey(feature, uid), until);
    return { code: 403, msg: R.changeLockMessage(feature, until, t), userInfo: null };
  }
  const lockKey = (feature: string, uid: string) =>
    `${feature === '修改密码' ? 'change-password' : 'change-email'}-lock:${uid}`;

  async function lockOutcome(feature: '修改密码' | '修改邮箱', uid: string): Promise<ChangeOutcome | null> {
    const t = now();
    const lock = await repo.readCounter(d.db, lockKey(feature, uid), t);
    return lock ? { code: 403, msg: R.changeLockMessage(feature, lock.expiresAt, t), userInfo: null } : null;
  }

  /** The user a uid/username query names: both must agree; neither means the caller. */
  async function resolveUser(q: { uid?: string; username?: string }, callerUid: string | null) {
    const { uid, username } = R.lookupKeys(q);
    if (!uid && !username) {
      if (!callerUid) throw fail('请求参数错误：uid和username不能都为空！');
      return repo.findUserByUid(d.db, callerUid);
    }
    const u = uid ? await repo.findUserByUid(d.db, uid) : await repo.findUserByUsername(d.db, username!);
    if (u && username && u.username !== username) return undefined;
    return u;
  }

  return {
    async authInfo(uid: string) {
      return { roles: roleNames(await repo.roleIdsOf(d.db, uid)), permissions: null };
    },

    async changePassword(uid: string, body: ChangePasswordBody): Promise<ChangeOutcome> {
      if (!body.oldPassword || !body.newPassword) throw fail('错误：原始密码或新密码不能为空！');
      if (!R.passwordLengthOk(body.newPassword)) throw fail('新密码长度应该为6~20位！');
      const locked = await lockOutcome('修改密码', uid);
      if (locked) return locked;
      const user = await userOrFail(uid);
      if (!(await verifyPassword(user.password_hash, body.oldPassword)))
        return countFailure(
          '修改密码',
          uid,
          (n) => `原始密码错误！您已累计修改密码失败${n}次，失败5次后修改密码功能将锁定30分钟！`,
        );
      if (!(await repo.updatePasswordHash(d.db, uid, await hashPassword(body.newPassword), now())))
        throw fail('系统错误：修改密码失败！', 500);
      await repo.deleteCounter(d.db, `change-password-fail:${uid}`);
      // Every token of the account stops working, this one included (the client logs out).
      await d.revokeSessions(uid);
      return { code: 200, msg: '修改密码成功！您将于5秒钟后退出进行重新登录操作！', userInfo: null };
    },

    async changeEmailCode(uid: string, rawEmail: string): Promise<void> {
      const email = rawEmail.trim();
      if (!email) throw fail('邮箱不能为空');
      const t = now();
      const cooldownKey = `change-email-cooldown:${email}`;
      const cooldownText = (until: Date) =>
        `对不起，您的操作频率过快，请在${R.remainingSeconds(until, t)}秒后再次发送修改邮件！`;
      const running = await repo.readCounter(d.db, cooldownKey, t);
      if (running) throw fail(cooldownText(running.expiresAt));
      const user = await userOrFail(uid);
      if (user.email === email) throw fail('新邮箱与当前邮箱一致，请不要重复设置！');
      // Mails per account, whatever the addresses (the cool-down is per address).
      const sent = await repo.incrementCounter(d.db, `mail-uid:${uid}`, t, R.MAIL_IP_WINDOW_MS, false);
      if (sent > d.mailsPerIp) throw fail(Messages.TOO_MANY_REQUESTS);
      if (await repo.emailExists(d.db, email)) throw fail('该邮箱已被他人使用，请重新设置其它邮箱！');
      const raced = await repo.tryStartCooldown(d.db, cooldownKey, t, R.CHANGE_EMAIL_COOLDOWN_MS);
      if (raced) throw fail(cooldownText(raced));
      const code = R.numericCode(6);
      await repo.putCode(
        d.db,
        CHANGE_EMAIL_KIND,
        email,
        code,
        new Date(t.getTime() + R.CHANGE_EMAIL_CODE_TTL_MS),
      );
      try {
        await d.mailer.send({
          to: email,
          subject: '修改邮箱验证码 / E-mail change code',
          text: `您的修改邮箱验证码是 ${code}，10 分钟内有效。\nYour e-mail change code is ${code}. It is valid for 10 minutes.`,
        });
      } catch {
        throw fail('Server Error! Please try Again later!', 500);
      }
    },

    async changeEmail(uid: string, body: ChangeEmailBody): Promise<ChangeOutcome> {
      if (R.isBlank(body.password) || R.isBlank(body.newEmail) || R.isBlank(body.code))
        throw fail('错误：密码、新邮箱或验证码不能为空！');
      const email = body.newEmail.trim();
      if (!R.isEmail(email)) throw fail('邮箱格式错误！');
      const locked = await lockOutcome('修改邮箱', uid);
      if (locked) return locked;
      const user = await userOrFail(uid);
      if (user.email === email) throw fail('新邮箱与当前邮箱一致，请不要重复设置！');
      // Mails per account, whatever the addresses (the cool-down is per address).
      const sent = await repo.incrementCounter(d.db, `mail-uid:${uid}`, now(), R.MAIL_IP_WINDOW_MS, false);
      if (sent > d.mailsPerIp) throw fail(Messages.TOO_MANY_REQUESTS);
      if (await repo.emailExists(d.db, email)) throw fail('该邮箱已被他人使用，请重新设置其它邮箱！');
      const stored = await repo.getCode(d.db, CHANGE_EMAIL_KIND, email, now());
      if (stored === null) throw fail('修改邮箱验证码不存在或已过期，请重新发送！');
      if (stored !== body.code.trim())
        return countFailure(
          '修改邮箱',
          uid,
          (n) => `验证码错误！您已累计修改邮箱失败${n}次，失败5次后修改邮箱功能将锁定30分钟！`,
        );
      if (!(await verifyPassword(user.password_hash, body.password)))
        return countFailure(
          '修改邮箱',
          uid,
          (n) => `密码错误！您已累计修改邮箱失败${n}次，失败5次后修改邮箱功能将锁定30分钟！`,
        );
      try {
        await repo.updateUserColumns(d.db, uid, { email }, now());
      } catch {
        // Taken by someone else between the check and the update.
        throw fail('该邮箱已被他人使用，请重新设置其它邮箱！');
      }
      await repo.deleteCounter(d.db, `change-email-fail:${uid}`);
      await repo.deleteCode(d.db, CHANGE_EMAIL_KIND, email);
      return { code: 200, msg: '修改邮箱成功！', userInfo: await this.userInfo(uid) };
    },

    async changeUserInfo(uid: string, body: ChangeUserInfoBody): Promise<UserInfo> {
      const tooLong = R.profileLengthError(body);
      if (tooLong) throw fail(tooLong);
      const ok = await repo.updateUserColumns(
        d.db,
        uid,
        {
          cf_username: body.cfUsername ?? null,
          realname: body.realname ?? null,
          nickname: body.nickname ?? null,
          signature: body.signature ?? null,
          blog: body.blog ?? null,
          gender: body.gender ?? null,
          github: body.github ?? null,
          school: body.school ?? null,
          number: body.number ?? null,
        },
        now(),
      );
      if (!ok) throw fail('更新个人信息失败！');
      return this.userInfo(uid);
    },

    async userInfo(uid: string): Promise<UserInfo> {
      return toUserInfo(await userOrFail(uid), await repo.roleIdsOf(d.db, uid));
    },

    async userHome(q: { uid?: string; username?: string }, callerUid: string | null): Promise<UserHome> {
      const u = await resolveUser(q, callerUid);
      if (!u || u.status !== 0) throw fail('用户不存在');
      const stats = d.stats();
      const [totals, solved, rating, lastLogin] = await Promise.all([
        stats.totalsFor(u.uid),
        stats.solvedProblems(u.uid),
        repo.ratingOf(d.db, u.uid),
        repo.latestSessionTime(d.db, u.uid),
      ]);
      const byDifficulty: Record<string, typeof solved> = {};
      for (const p of solved) (byDifficulty[String(p.difficulty)] ??= []).push(p);
      return {
        uid: u.uid,
        username: u.username,
        school: u.school,
        signature: u.signature,
        nickname: u.nickname,
        gender: u.gender,
        github: u.github,
        blog: u.blog,
        avatar: u.avatar,
        titleName: u.title_name,
        titleColor: u.title_color,
        total: totals.total,
        rating,
        scoreList: totals.scoreList,
        solvedList: solved.map((p) => p.problemId),
        solvedGroupByDifficulty: solved.length ? byDifficulty : null,
        recentLoginTime: lastLogin ? lastLogin.toISOString().replace('Z', '+0000') : null,
      };
    },

    async heatmap(q: { uid?: string; username?: string }, callerUid: string | null): Promise<Heatmap> {
      const t = now();
      const u = await resolveUser(q, callerUid);
      const since = new Date(t);
      since.setFullYear(since.getFullYear() - 1);
      return { endDate: R.formatDate(t), dataList: u ? await d.stats().heatmap(u.uid, since) : [] };
    },

    async uploadAvatar(
      uid: string,
      file: { filename: string; bytes: Uint8Array; truncated: boolean } | null,
    ): Promise<AvatarUserInfo> {
      if (!file) throw fail('上传的头像图片文件不能为空！');
      if (file.truncated || file.bytes.byteLength > R.AVATAR_MAX_BYTES)
        throw fail('上传的头像图片文件大小不能大于2M！');
      // The name must say an image and the bytes must be one (magic numbers): no HTML or SVG
      // served from the site's origin under an image name (docs/compat.md X21).
      const ext = R.avatarExtension(file.filename);
      const real = imageTypeOf(file.bytes);
      if (!ext || !real) throw fail('请选择jpg,jpeg,gif,png,webp格式的头像图片！');
      const name = `${newUid()}.${ext}`;
      try {
        const blobKey = await d.avatars.save(file.bytes);
        await repo.replaceAvatar(
          d.db,
          { name, uid, blobKey, contentType: CONTENT_TYPES[real]!, url: `/api/public/img/${name}` },
          now(),
        );
      } catch {
        throw fail('服务器异常：头像上传失败！', 500);
      }
      const user = await userOrFail(uid);
      return toAvatarUserInfo(user, await repo.roleIdsOf(d.db, uid));
    },

    /** Bytes and type of a stored avatar, or null. */
    async avatarFile(name: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
      const row = await repo.findAvatar(d.db, name);
      if (!row) return null;
      const bytes = await d.avatars.load(row.blob_key);
      return bytes ? { bytes, contentType: row.content_type } : null;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
