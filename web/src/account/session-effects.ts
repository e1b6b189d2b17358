// Wires the HTTP client and other tabs into the session store.
import { configureClient } from '../api/client';
import type { UrlType } from '../api/http-rules';
import { i18n } from '../i18n';
import { toast } from '../shell/toaster';
import { useSession } from '../store/session';
import { StorageKeys } from '../store/storage';
import { useUi } from '../store/ui';
import { accountApi } from './api';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

export const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

export async function refreshRoles(): Promise<void> {
  if (!useSession.getState().token) return;
  try {
    const info = await accountApi.authInfo();
    if (info) useSession.getState().setRoles(info.roles ?? []);
  } catch {
    // roles stay as they were
  }
}

export function installClientHooks(navigate: Navigate): void {
  configureClient({
    getToken: () => useSession.getState().token,
    setToken: (token) => useSession.getState().setToken(token),
    onUnauthorized(urlType: UrlType) {
      useSession.getState().clear();
      if (urlType === 'admin') navigate('/admin/login');
      else useUi.getState().openAccountDialog('Login');
    },
    onForbidden(urlType: UrlType) {
      void refreshRoles();
      if (urlType === 'admin') navigate('/admin');
    },
    notifyError: (text) => toast.error(text),
    notifyInfo: (text) => toast.info(text),
    translate: (key) => i18n.t(key),
  });
}

/** A token change in another tab updates this one; a removal logs it out. */
export function installTokenSync(navigate: Navigate): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== null && e.key !== StorageKeys.token && e.key !== StorageKeys.userInfo) return;
    const hadToken = !!useSession.getState().token;
    useSession.getState().reloadFromStorage();
    if (hadToken && !useSession.getState().token) {
      navigate(isAdminPath(window.location.pathname) ? '/admin/login' : '/home');
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
