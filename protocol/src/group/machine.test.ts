import { describe, expect, it } from 'vitest';
import {
  authOptionsFor,
  decideMembership,
  groupActionFor,
  GroupAuth,
  MemberAuth,
  mayRemove,
  type MembershipActor,
} from './machine';

const { NONE, APPLYING, REFUSED, MEMBER, ADMIN, ROOT } = MemberAuth;
const siteRoot: MembershipActor = { level: 0, siteRoot: true };
const groupRoot: MembershipActor = { level: ROOT, siteRoot: false };
const groupAdmin: MembershipActor = { level: ADMIN, siteRoot: false };
const member: MembershipActor = { level: MEMBER, siteRoot: false };
const setAuth = (to: number, actor: MembershipActor, targetIsOwner = false) =>
  ({ type: 'SET_AUTH', to, actor, targetIsOwner }) as const;
const remove = (actor: MembershipActor, targetIsOwner = false, self = false) =>
  ({ type: 'REMOVE', actor, targetIsOwner, self }) as const;

describe('membership machine: apply', () => {
  it('joins a public group at once, applies to protected and private groups', () => {
    expect(decideMembership(NONE, { type: 'APPLY', groupAuth: GroupAuth.PUBLIC })).toEqual({
      ok: true,
      auth: MEMBER,
      state: 'member',
    });
    for (const groupAuth of [GroupAuth.PROTECTED, GroupAuth.PRIVATE])
      expect(decideMembership(NONE, { type: 'APPLY', groupAuth })).toEqual({
        ok: true,
        auth: APPLYING,
        state: 'applying',
      });
  });
  it('refuses a second application, a refused applicant and members', () => {
    const apply = { type: 'APPLY', groupAuth: GroupAuth.PROTECTED } as const;
    expect(decideMembership(APPLYING, apply)).toEqual({ ok: false, refusal: 'already-applied' });
    expect(decideMembership(REFUSED, apply)).toEqual({ ok: false, refusal: 'already-refused' });
    for (const auth of [MEMBER, ADMIN, ROOT])
      expect(decideMembership(auth, apply)).toEqual({ ok: false, refusal: 'already-member' });
  });
});

describe('membership machine: auth changes', () => {
  it('accepts and refuses an application', () => {
    expect(decideMembership(APPLYING, setAuth(MEMBER, groupAdmin))).toMatchObject({ ok: true, auth: MEMBER });
    expect(decideMembership(APPLYING, setAuth(REFUSED, groupAdmin))).toMatchObject({
      ok: true,
      auth: REFUSED,
      state: 'refused',
    });
    expect(decideMembership(REFUSED, setAuth(MEMBER, groupAdmin))).toMatchObject({
      ok: true,
      state: 'member',
    });
  });
  it('promotes within the actor level: admin grants ≤3, root ≤4, site root 5', () => {
    expect(decideMembership(MEMBER, setAuth(ADMIN, groupAdmin))).toEqual({
      ok: false,
      refusal: 'no-permission',
    });
    expect(decideMembership(MEMBER, setAuth(ADMIN, groupRoot))).toMatchObject({ ok: true, state: 'admin' });
    expect(decideMembership(MEMBER, setAuth(ROOT, groupRoot))).toEqual({
      ok: false,
      refusal: 'no-permission',
    });
    expect(decideMembership(ADMIN, setAuth(ROOT, siteRoot))).toMatchObject({ ok: true, state: 'root' });
    expect(decideMembership(ROOT, setAuth(MEMBER, siteRoot))).toMatchObject({ ok: true, state: 'member' });
  });
  it('never touches rows at or above the actor level (non-root)', () => {
    expect(decideMembership(ADMIN, setAuth(MEMBER, groupAdmin))).toEqual({
      ok: false,
      refusal: 'no-permission',
    });
    expect(decideMembership(ROOT, setAuth(ADMIN, groupRoot))).toEqual({
      ok: false,
      refusal: 'no-permission',
    });
    expect(decideMembership(ADMIN, setAuth(MEMBER, groupRoot))).toMatchObject({ ok: true });
  });
  it('never demotes a member back to applying or refused, even for site root', () => {
    for (const to of [APPLYING, REFUSED])
      expect(decideMembership(MEMBER, setAuth(to, siteRoot))).toEqual({
        ok: false,
        refusal: 'demote-to-pending',
      });
  });
  it('refuses the owner as target, plain members as actors, unknown levels and missing rows', () => {
    expect(decideMembership(ROOT, setAuth(MEMBER, siteRoot, true))).toEqual({
      ok: false,
      refusal: 'target-owner',
    });
    expect(decideMembership(APPLYING, setAuth(MEMBER, member))).toEqual({
      ok: false,
      refusal: 'no-permission',
    });
    expect(decideMembership(APPLYING, setAuth(7, siteRoot))).toEqual({ ok: false, refusal: 'bad-auth' });
    expect(decideMembership(NONE, setAuth(MEMBER, groupRoot))).toEqual({
      ok: false,
      refusal: 'not-in-group',
    });
  });
});

describe('membership machine: remove, exit, disband', () => {
  it('removes lower rows only, never oneself or the owner', () => {
    expect(decideMembership(MEMBER, remove(groupAdmin))).toEqual({ ok: true, auth: NONE, state: 'none' });
    expect(decideMembership(APPLYING, remove(groupAdmin))).toMatchObject({ ok: true, auth: NONE });
    expect(decideMembership(ADMIN, remove(groupAdmin))).toEqual({ ok: false, refusal: 'no-permission' });
    expect(decideMembership(ADMIN, remove(siteRoot))).toMatchObject({ ok: true });
    expect(decideMembership(ADMIN, remove(groupAdmin, false, true))).toEqual({
      ok: false,
      refusal: 'remove-self',
    });
    expect(decideMembership(ROOT, remove(siteRoot, true))).toEqual({ ok: false, refusal: 'target-owner' });
    expect(decideMembership(MEMBER, remove(member))).toEqual({ ok: false, refusal: 'no-permission' });
    expect(decideMembership(NONE, remove(groupRoot))).toEqual({ ok: false, refusal: 'not-in-group' });
  });
  it('lets members leave, not the owner nor non-members', () => {
    for (const auth of [MEMBER, ADMIN, ROOT])
      expect(decideMembership(auth, { type: 'EXIT', isOwner: false })).toEqual({
        ok: true,
        auth: NONE,
        state: 'none',
      });
    expect(decideMembership(ROOT, { type: 'EXIT', isOwner: true })).toEqual({
      ok: false,
      refusal: 'owner-exit',
    });
    for (const auth of [NONE, APPLYING, REFUSED])
      expect(decideMembership(auth, { type: 'EXIT', isOwner: false })).toEqual({
        ok: false,
        refusal: 'not-member',
      });
  });
  it('disbands for the owner or site root only', () => {
    expect(decideMembership(ROOT, { type: 'DISBAND', isOwner: true, siteRoot: false })).toMatchObject({
      ok: true,
      state: 'disbanded',
    });
    expect(decideMembership(NONE, { type: 'DISBAND', isOwner: false, siteRoot: true })).toMatchObject({
      ok: true,
    });
    expect(decideMembership(ROOT, { type: 'DISBAND', isOwner: false, siteRoot: false })).toEqual({
      ok: false,
      refusal: 'no-permission',
    });
  });
});

describe('client helpers', () => {
  const v = (auth: number, isOwner = false, root = false) => ({
    auth,
    isOwner,
    siteRoot: root,
    loggedIn: true,
  });
  it('picks the one action button by viewer state', () => {
    expect(groupActionFor(v(ROOT, true))).toBe('disband');
    expect(groupActionFor(v(NONE, false, true))).toBe('disband');
    expect(groupActionFor(v(ROOT))).toBe('exit');
    expect(groupActionFor(v(MEMBER))).toBe('exit');
    expect(groupActionFor(v(NONE))).toBe('apply');
    expect(groupActionFor(v(APPLYING))).toBe('applying');
    expect(groupActionFor(v(REFUSED))).toBe('refused');
    expect(groupActionFor({ ...v(NONE), loggedIn: false })).toBe('none');
  });
  it('disables the auth options the machine refuses', () => {
    const opts = (target: number, actor: MembershipActor) =>
      authOptionsFor(target, actor, false)
        .filter((o) => !o.disabled)
        .map((o) => o.auth);
    expect(opts(APPLYING, groupAdmin)).toEqual([1, 2, 3]);
    expect(opts(MEMBER, groupRoot)).toEqual([3, 4]);
    expect(opts(MEMBER, siteRoot)).toEqual([3, 4, 5]);
    expect(opts(ADMIN, groupAdmin)).toEqual([4]);
    expect(mayRemove(MEMBER, groupAdmin, false, false)).toBe(true);
    expect(mayRemove(ROOT, groupRoot, false, false)).toBe(false);
  });
});
