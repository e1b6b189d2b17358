// Account calls (reference/api/core.md §3), typed by protocol's route table (issue #30).
import type { Static } from '@sinclair/typebox';
import type { LoginBody } from '@oj/protocol/account/schemas';
import { http } from '../api/client';

export type CaptchaProof = Pick<Static<typeof LoginBody>, 'captchaKey' | 'captcha'>;

export const accountApi = {
  /**
   * The token arrives in the `authorization` response header; the client stores it. After repeated
   * failures the server also wants a captcha answer (docs/compat.md A2).
   */
  login: (username: string, password: string, proof?: CaptchaProof) =>
    http.envelope('POST', '/api/login', { body: { username, password, ...proof } }),
  logout: () => http.get('/api/logout', undefined, { quiet: true }),
  register: (f: { username: string; password: string; email: string; code: string }) =>
    http.post('/api/register', f),
  getRegisterCode: (email: string) => http.get('/api/get-register-code', { email }),
  checkUsernameOrEmail: (q: { username?: string; email?: string }) =>
    http.post('/api/check-username-or-email', q, { quiet: true }),
  captcha: () => http.get('/api/captcha'),
  applyResetPassword: (f: { email: string; captcha: string; captchaKey: string }) =>
    http.post('/api/apply-reset-password', f),
  resetPassword: (f: { username: string; password: string; code: string }) =>
    http.post('/api/reset-password', f),
  authInfo: () => http.get('/api/get-user-auth-info', undefined, { quiet: true }),
};
