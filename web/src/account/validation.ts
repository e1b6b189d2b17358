// Form rules of spec §5. Each validator returns an i18n message key, or null when the value is fine.
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const REGISTER_CODE_LENGTH = 6;
export const CAPTCHA_MIN = 1;
export const CAPTCHA_MAX = 8;

export type Rule = (value: string) => string | null;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export const checkUsername: Rule = (v) => {
  if (v.trim() === '') return 'Username_Check_Required';
  if (v.length > USERNAME_MAX) return 'Username_Check_Max';
  return null;
};

export const checkPassword: Rule = (v) => {
  if (v === '') return 'Password_Check_Required';
  if (v.length < PASSWORD_MIN || v.length > PASSWORD_MAX) return 'Password_Check_Between';
  return null;
};

export function checkPasswordAgain(password: string, again: string): string | null {
  if (again === '') return 'Password_Again_Check_Required';
  if (again !== password) return 'Password_does_not_match';
  return null;
}

export const checkEmail: Rule = (v) => {
  if (v.trim() === '') return 'Email_Check_Required';
  if (!isEmail(v)) return 'Email_Check_Format';
  return null;
};

export const checkRegisterCode: Rule = (v) => {
  if (v.trim() === '') return 'Code_Check_Required';
  if (v.trim().length !== REGISTER_CODE_LENGTH) return 'Code_Check_Length';
  return null;
};

export const checkCaptcha: Rule = (v) => {
  if (v.trim() === '') return 'Captcha_Check_Required';
  if (v.trim().length < CAPTCHA_MIN || v.trim().length > CAPTCHA_MAX) return 'Captcha_Check_Between';
  return null;
};

export type Errors<K extends string> = Partial<Record<K, string>>;

/** Keeps only the failing fields. */
export function collectErrors<K extends string>(checks: Record<K, string | null>): Errors<K> {
  const out: Errors<K> = {};
  for (const key of Object.keys(checks) as K[]) {
    const msg = checks[key];
    if (msg) out[key] = msg;
  }
  return out;
}

export const hasErrors = (errors: Record<string, unknown>): boolean => Object.keys(errors).length > 0;

export interface LoginForm {
  username: string;
  password: string;
}
export const validateLogin = (f: LoginForm) =>
  collectErrors({ username: checkUsername(f.username), password: checkPassword(f.password) });

export interface RegisterForm {
  username: string;
  email: string;
  password: string;
  passwordAgain: string;
  code: string;
}
export const validateRegister = (f: RegisterForm) =>
  collectErrors({
    username: checkUsername(f.username),
    email: checkEmail(f.email),
    password: checkPassword(f.password),
    passwordAgain: checkPasswordAgain(f.password, f.passwordAgain),
    code: checkRegisterCode(f.code),
  });

export interface ResetRequestForm {
  email: string;
  captcha: string;
}
export const validateResetRequest = (f: ResetRequestForm) =>
  collectErrors({ email: checkEmail(f.email), captcha: checkCaptcha(f.captcha) });

export interface NewPasswordForm {
  username: string;
  password: string;
  passwordAgain: string;
}
export const validateNewPassword = (f: NewPasswordForm) =>
  collectErrors({
    username: checkUsername(f.username),
    password: checkPassword(f.password),
    passwordAgain: checkPasswordAgain(f.password, f.passwordAgain),
  });
