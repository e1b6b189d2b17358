import { describe, expect, it } from 'vitest';
import { emailChangeErrors, passwordChangeErrors, profileBody, profileTooLong } from './settings-rules';

describe('settings rules', () => {
  it('checks a password change', () => {
    expect(
      passwordChangeErrors({ oldPassword: 'abcdef', newPassword: 'abcdef', againPassword: 'abcdef' }),
    ).toEqual({
      newPassword: 'setting.sameAsOld',
    });
    expect(passwordChangeErrors({ oldPassword: '', newPassword: '123', againPassword: 'x' })).toEqual({
      oldPassword: 'Password_Check_Required',
      newPassword: 'Password_Check_Between',
      againPassword: 'Password_does_not_match',
    });
    expect(
      passwordChangeErrors({ oldPassword: 'abcdef', newPassword: 'ghijkl', againPassword: 'ghijkl' }),
    ).toEqual({});
  });

  it('checks an e-mail change: format, differs from current, six-digit code', () => {
    const base = { currentEmail: 'a@b.cn', newEmail: 'c@d.cn', password: 'secret1', code: '123456' };
    expect(emailChangeErrors(base)).toEqual({});
    expect(emailChangeErrors({ ...base, newEmail: 'A@B.cn' }).newEmail).toBe('setting.sameEmail');
    expect(emailChangeErrors({ ...base, newEmail: 'nope' }).newEmail).toBe('Email_Check_Format');
    expect(emailChangeErrors({ ...base, code: '12345a' }).code).toBe('setting.codeSixDigits');
  });

  it('builds the profile body and finds over-long fields', () => {
    expect(profileBody({ nickname: ' Al ', school: '' }, '')).toMatchObject({
      gender: 'secrecy',
      nickname: 'Al',
      school: null,
      blog: null,
    });
    expect(profileTooLong({ nickname: 'x'.repeat(21) })).toBe('nickname');
    expect(profileTooLong({ nickname: 'x'.repeat(20) })).toBeNull();
  });
});
