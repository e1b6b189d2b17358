import { describe, expect, it } from 'vitest';
import { hasRole, isRoot, isSiteAdmin, type AuthUser } from './access';

const user = (...roles: string[]): AuthUser => ({
  uid: 'u',
  username: 'u',
  roleIds: [],
  roles,
  permissions: [],
});

describe('role checks', () => {
  it('hasRole: any of the named roles; nobody anonymous', () => {
    expect(hasRole(user('admin'), 'root', 'admin')).toBe(true);
    expect(hasRole(user('default_user'), 'root', 'admin')).toBe(false);
    expect(hasRole(null, 'root')).toBe(false);
    expect(hasRole(undefined, 'root')).toBe(false);
  });
  it('isRoot only for root; isSiteAdmin for the three back-office roles', () => {
    expect(isRoot(user('root'))).toBe(true);
    expect(isRoot(user('admin'))).toBe(false);
    for (const r of ['root', 'admin', 'problem_admin']) expect(isSiteAdmin(user(r))).toBe(true);
    expect(isSiteAdmin(user('default_user', 'user_admin'))).toBe(false);
    expect(isSiteAdmin(null)).toBe(false);
  });
});
