/**
 * Access levels of a route (reference/api/core.md §0.4), declared in the route's `config.access`.
 * - anonymous: token optional; an invalid token is ignored (the request proceeds anonymously).
 * - anonymous-strict: token optional, but a present invalid token is refused with HTTP 401.
 * - login: a valid token is required.
 * `roles` (any of, by role name) and `permissions` (any of) add HTTP 403 when missing.
 */
export type AccessLevel = 'anonymous' | 'anonymous-strict' | 'login';

export interface RouteAccess {
  access: AccessLevel;
  roles?: readonly string[];
  permissions?: readonly string[];
}

/** The caller, as the account capability resolves it from a token. */
export interface AuthUser {
  uid: string;
  username: string;
  roleIds: number[];
  roles: string[];
  permissions: string[];
}

/** Role checks on the caller; every capability uses these (role names as the account capability gives them). */
export const hasRole = (user: AuthUser | null | undefined, ...roles: string[]): boolean =>
  !!user && roles.some((r) => user.roles.includes(r));
export const isRoot = (user: AuthUser | null | undefined): boolean => hasRole(user, 'root');
/** root, admin or problem_admin: the back-office roles. */
export const isSiteAdmin = (user: AuthUser | null | undefined): boolean =>
  hasRole(user, 'root', 'admin', 'problem_admin');

export type AuthOutcome =
  { kind: 'ok'; user: AuthUser; token: string; renewedToken?: string } | { kind: 'rejected'; msg: string };

/** Supplied by the account capability; the platform only enforces the outcome. */
export interface Authenticator {
  /** Verify a raw token. `mayRenew` is false on anonymous routes (no sliding refresh there). */
  authenticate(token: string, mayRenew: boolean): Promise<AuthOutcome>;
}

/** Pure access rule: what to do with a request, given its route access and auth outcome. */
export function decideAccess(
  route: RouteAccess,
  outcome: AuthOutcome | null,
): { allow: true; user: AuthUser | null } | { allow: false; httpStatus: 401 | 403; msg: string | null } {
  if (outcome?.kind === 'rejected') {
    if (route.access === 'anonymous') return { allow: true, user: null };
    return { allow: false, httpStatus: 401, msg: outcome.msg };
  }
  const user = outcome?.kind === 'ok' ? outcome.user : null;
  if (route.access === 'login' && !user) return { allow: false, httpStatus: 401, msg: null };
  if (route.roles?.length && !(user && route.roles.some((r) => user.roles.includes(r)))) {
    return user ? { allow: false, httpStatus: 403, msg: null } : { allow: false, httpStatus: 401, msg: null };
  }
  if (route.permissions?.length && !(user && route.permissions.some((p) => user.permissions.includes(p)))) {
    return user ? { allow: false, httpStatus: 403, msg: null } : { allow: false, httpStatus: 401, msg: null };
  }
  return { allow: true, user };
}
