// Account calls (reference/api/core.md §3).
import { api, requestEnvelope } from '../api/client';
import type { UserInfo } from '../store/session';

export interface CaptchaProof {
  captchaKey: string;
  captcha: string;
}

export const accountApi = {
  /**
   * The token arrives in the `authorization` response header; the client stores it. After repeated
   * failures the server also wants a captcha answer (docs/compat.md A2).
   */
  login: (username: string, password: string, proof?: CaptchaProof) =>
    requestEnvelope<UserInfo>('POST', '/api/login', { body: { username, password, ...proof } }),
  logout: () => api.get<null>('/api/logout', undefined, { quiet: true }),
  register: (f: { username: string; password: string; email: string; code: string }) =>
    api.post<null>('/api/register', f),
  getRegisterCode: (email: string) =>
    api.get<{ email: string; expire: number }>('/api/get-register-code', { email }),
  checkUsernameOrEmail: (q: { username?: string; email?: string }) =>
    api.post<{ username: boolean; email: boolean }>('/api/check-username-or-email', q, { quiet: true }),
  captcha: () => api.get<{ img: string; captchaKey: string }>('/api/captcha'),
  applyResetPassword: (f: { email: string; captcha: string; captchaKey: string }) =>
    api.post<null>('/api/apply-reset-password', f),
  resetPassword: (f: { username: string; password: string; code: string }) =>
    api.post<null>('/api/reset-password', f),
  authInfo: () => api.get<{ roles: string[] }>('/api/get-user-auth-info', undefined, { quiet: true }),
};
