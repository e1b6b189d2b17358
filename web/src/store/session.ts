// The signed-in user: token and user info, mirrored in localStorage (keys token, userInfo).
import { create } from 'zustand';
import { isAdminRoleName } from '@oj/protocol/enums/roles';
import { readJson, readStorage, StorageKeys, writeStorage } from './storage';

/** User info as returned by /api/login (UserInfoVO); only the fields the client reads are typed. */
export interface UserInfo {
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  email?: string | null;
  titleName?: string | null;
  titleColor?: string | null;
  roleList: string[];
  [extra: string]: unknown;
}

interface SessionState {
  token: string | null;
  user: UserInfo | null;
  setToken(token: string): void;
  signIn(token: string | null, user: UserInfo): void;
  setUser(user: UserInfo): void;
  setRoles(roles: string[]): void;
  /** Forget the session locally (no server call). */
  clear(): void;
  /** Re-read both keys, after another tab changed them. */
  reloadFromStorage(): void;
}

function loadUser(): UserInfo | null {
  const user = readJson<UserInfo>(StorageKeys.userInfo);
  return user && typeof user.username === 'string' ? { ...user, roleList: user.roleList ?? [] } : null;
}

export const useSession = create<SessionState>((set, get) => ({
  token: readStorage(StorageKeys.token),
  user: loadUser(),
  setToken(token) {
    writeStorage(StorageKeys.token, token);
    set({ token });
  },
  signIn(token, user) {
    if (token) writeStorage(StorageKeys.token, token);
    writeStorage(StorageKeys.userInfo, JSON.stringify(user));
    set({ token: token ?? get().token, user: { ...user, roleList: user.roleList ?? [] } });
  },
  setUser(user) {
    writeStorage(StorageKeys.userInfo, JSON.stringify(user));
    set({ user: { ...user, roleList: user.roleList ?? [] } });
  },
  setRoles(roles) {
    const user = get().user;
    if (user) get().setUser({ ...user, roleList: roles });
  },
  clear() {
    writeStorage(StorageKeys.token, null);
    writeStorage(StorageKeys.userInfo, null);
    set({ token: null, user: null });
  },
  reloadFromStorage() {
    set({ token: readStorage(StorageKeys.token), user: loadUser() });
  },
}));

export const isLoggedIn = (s: Pick<SessionState, 'token' | 'user'>): boolean => !!s.token && !!s.user;
export const isAdmin = (s: Pick<SessionState, 'user'>): boolean =>
  !!s.user && isAdminRoleName(s.user.roleList);
export const isSuperAdmin = (s: Pick<SessionState, 'user'>): boolean => !!s.user?.roleList.includes('root');
