import { describe, expect, it } from 'vitest';
import { Permission } from '@oj/protocol';
import * as R from './rules';

describe('input rules', () => {
  it('blank means absent or only whitespace', () => {
    expect(R.isBlank(undefined)).toBe(true);
    expect(R.isBlank(null)).toBe(true);
    expect(R.isBlank('  \t')).toBe(true);
    expect(R.isBlank(' a ')).toBe(false);
  });
  it('passwords are 6 to 20 characters', () => {
    expect(R.passwordLengthOk('12345')).toBe(false);
    expect(R.passwordLengthOk('123456')).toBe(true);
    expect(R.passwordLengthOk('x'.repeat(20))).toBe(true);
    expect(R.passwordLengthOk('x'.repeat(21))).toBe(false);
  });
  it('recognises deliverable e-mail addresses', () => {
    expect(R.isEmail('a@b.cn')).toBe(true);
    expect(R.isEmail('first.last+tag@mail.example.org')).toBe(true);
    for (const bad of ['a@b', 'ab.cn', 'a b@c.cn', 'a@@b.cn', '@b.cn', 'a@b.', 'a@.cn'])
      expect(R.isEmail(bad), bad).toBe(false);
  });
  it('blacklist is a case-insensitive suffix match', () => {
    expect(R.emailBlacklisted('x@Spam.COM', ['spam.com'])).toBe(true);
    expect(R.emailBlacklisted('x@spam.com.cn', ['spam.com'])).toBe(false);
    expect(R.emailBlacklisted('x@a.cn', [''])).toBe(false);
  });
  it('profile limits report the first over-long field by its item name', () => {
    expect(R.profileLengthError({ nickname: 'x'.repeat(20), realname: 'y'.repeat(50) })).toBeNull();
    expect(R.profileLengthError({ nickname: 'x'.repeat(21) })).toBe('昵称的内容长度超过限制，请重新编辑！');
    expect(R.profileLengthError({ realname: 'y'.repeat(51), nickname: 'x'.repeat(21) })).toBe(
      '真实姓名的内容长度超过限制，请重新编辑！',
    );
    expect(R.profileLengthError({ cfUsername: 'c'.repeat(256) })).toBe(
      'Codeforces用户名的内容长度超过限制，请重新编辑！',
    );
    expect(R.profileLengthError({ signature: null, school: undefined })).toBeNull();
  });
  it('avatar extensions are an exact, case-insensitive list', () => {
    expect(R.avatarExtension('me.PNG')).toBe('png');
    expect(R.avatarExtension('a.b.jpeg')).toBe('jpeg');
    expect(R.avatarExtension('webp')).toBe('webp');
    expect(R.avatarExtension('x.pg')).toBeNull();
    expect(R.avatarExtension('x.svg')).toBeNull();
    expect(R.avatarExtension('')).toBeNull();
  });
  it('lookup keys trim and drop empties', () => {
    expect(R.lookupKeys({ uid: ' ', username: ' bob ' })).toEqual({ uid: undefined, username: 'bob' });
  });
});

describe('counters and locks', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  it('remaining seconds round up and never go negative', () => {
    expect(R.remainingSeconds(new Date(now.getTime() + 59_001), now)).toBe(60);
    expect(R.remainingSeconds(new Date(now.getTime() + 60_000), now)).toBe(60);
    expect(R.remainingSeconds(new Date(now.getTime() - 5), now)).toBe(0);
  });
  it('splits the lock time into minutes and seconds', () => {
    expect(R.minutesSeconds(new Date(now.getTime() + 30 * 60_000), now)).toEqual({ m: 30, s: 0 });
    expect(R.minutesSeconds(new Date(now.getTime() + 61_000), now)).toEqual({ m: 1, s: 1 });
  });
  it('the fifth change failure locks', () => {
    expect(R.changeFailureOutcome(4)).toEqual({ lock: false, count: 4 });
    expect(R.changeFailureOutcome(5)).toEqual({ lock: true, count: 5 });
  });
  it('lock message names the feature, the time left and the local end time', () => {
    const until = new Date(now.getTime() + 90_000);
    const msg = R.changeLockMessage('修改密码', until, now);
    expect(msg).toBe(
      `由于您多次修改密码失败，修改密码功能已锁定，请在1分30秒后(${R.formatDateTime(until)})再进行尝试！`,
    );
    expect(R.formatDateTime(until)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
  it('codes have the requested shape', () => {
    expect(R.numericCode(6)).toMatch(/^\d{6}$/);
    expect(R.hexCode(21)).toMatch(/^[0-9a-f]{21}$/);
  });
  it('thresholds match the contract', () => {
    expect(R.LOGIN_LOCK_THRESHOLD).toBe(20);
    expect(R.LOGIN_VERIFY_THRESHOLD).toBe(5);
    expect(R.REGISTER_COOLDOWN_MS).toBe(60_000);
    expect(R.RESET_COOLDOWN_MS).toBe(90_000);
    expect(R.CHANGE_EMAIL_COOLDOWN_MS).toBe(30_000);
  });
});

describe('roles and permissions', () => {
  it('maps role ids to names and the union of permissions', () => {
    const root = R.authOfRoles([1000]);
    expect(root.roles).toEqual(['root']);
    expect(root.permissions).toHaveLength(14);
    const user = R.authOfRoles([1002]);
    expect(user.roles).toEqual(['default_user']);
    expect(user.permissions).toContain(Permission.SUBMIT);
    expect(user.permissions).not.toContain(Permission.PROBLEM_ADMIN);
    const mixed = R.authOfRoles([1003, 1005]);
    expect(mixed.roles).toEqual(['no_subimit_user', 'mute_user']);
    expect(mixed.permissions).toContain(Permission.SUBMIT);
    expect(new Set(mixed.permissions).size).toBe(mixed.permissions.length);
    expect(R.authOfRoles([999]).roles).toEqual([]);
  });
  it('admin roles open the back office', () => {
    expect(R.isAdminRoles(['root'])).toBe(true);
    expect(R.isAdminRoles(['problem_admin'])).toBe(true);
    expect(R.isAdminRoles(['default_user', 'mute_user'])).toBe(false);
  });
});
