import { describe, expect, it } from 'vitest';
import {
  checkCaptcha,
  checkEmail,
  checkPassword,
  checkPasswordAgain,
  checkRegisterCode,
  checkUsername,
  validateLogin,
  validateNewPassword,
  validateRegister,
  validateResetRequest,
} from './validation';

describe('field rules', () => {
  it('username: required, at most 20', () => {
    expect(checkUsername('')).toBe('Username_Check_Required');
    expect(checkUsername('   ')).toBe('Username_Check_Required');
    expect(checkUsername('a'.repeat(20))).toBeNull();
    expect(checkUsername('a'.repeat(21))).toBe('Username_Check_Max');
  });
  it('password: required, 6 to 20', () => {
    expect(checkPassword('')).toBe('Password_Check_Required');
    expect(checkPassword('12345')).toBe('Password_Check_Between');
    expect(checkPassword('123456')).toBeNull();
    expect(checkPassword('x'.repeat(20))).toBeNull();
    expect(checkPassword('x'.repeat(21))).toBe('Password_Check_Between');
  });
  it('confirmation: required and equal', () => {
    expect(checkPasswordAgain('abcdef', '')).toBe('Password_Again_Check_Required');
    expect(checkPasswordAgain('abcdef', 'abcdeg')).toBe('Password_does_not_match');
    expect(checkPasswordAgain('abcdef', 'abcdef')).toBeNull();
  });
  it('email: required and formatted', () => {
    expect(checkEmail('')).toBe('Email_Check_Required');
    expect(checkEmail('foo')).toBe('Email_Check_Format');
    expect(checkEmail('foo@bar')).toBe('Email_Check_Format');
    expect(checkEmail('a b@c.d')).toBe('Email_Check_Format');
    expect(checkEmail('foo@bar.com')).toBeNull();
  });
  it('register code: exactly 6', () => {
    expect(checkRegisterCode('')).toBe('Code_Check_Required');
    expect(checkRegisterCode('12345')).toBe('Code_Check_Length');
    expect(checkRegisterCode('1234567')).toBe('Code_Check_Length');
    expect(checkRegisterCode('123456')).toBeNull();
  });
  it('captcha: 1 to 8', () => {
    expect(checkCaptcha('')).toBe('Captcha_Check_Required');
    expect(checkCaptcha('7')).toBeNull();
    expect(checkCaptcha('12345678')).toBeNull();
    expect(checkCaptcha('123456789')).toBe('Captcha_Check_Between');
  });
});

describe('form validators', () => {
  it('login lists only failing fields', () => {
    expect(validateLogin({ username: '', password: '123' })).toEqual({
      username: 'Username_Check_Required',
      password: 'Password_Check_Between',
    });
    expect(validateLogin({ username: 'root', password: '123456' })).toEqual({});
  });
  it('register checks every field', () => {
    expect(
      validateRegister({
        username: 'u',
        email: 'bad',
        password: '123456',
        passwordAgain: '1234567',
        code: '12',
      }),
    ).toEqual({
      email: 'Email_Check_Format',
      passwordAgain: 'Password_does_not_match',
      code: 'Code_Check_Length',
    });
    expect(
      validateRegister({
        username: 'u',
        email: 'u@x.io',
        password: '123456',
        passwordAgain: '123456',
        code: '123456',
      }),
    ).toEqual({});
  });
  it('reset request and new password', () => {
    expect(validateResetRequest({ email: 'u@x.io', captcha: '' })).toEqual({
      captcha: 'Captcha_Check_Required',
    });
    expect(validateNewPassword({ username: 'u', password: 'abcdef', passwordAgain: 'abc' })).toEqual({
      passwordAgain: 'Password_does_not_match',
    });
  });
});
