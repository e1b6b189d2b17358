/**
 * The group-membership lifecycle (spec part3 §3, §4, §6.2; reference groups-admin-files.md §3) as
 * one XState machine, shared by the server (every membership write asks it first; a refusal names
 * the rule that said no) and the client (the detail page's action button, the member table's
 * auth options).
 *
 * none → applying (protected/private) or member (public); applying → member / refused;
 * member ⇄ admin ⇄ root (within the actor's level); exit and removal → none; disband → disbanded.
 *
 * A refused event does not move the machine: it records `refusal` in the context, so the decision
 * and its reason come out of the same transition table (no rule is restated outside it).
 */
import { assign, setup, transition, type SnapshotFrom } from 'xstate';

/** group_member.auth: 0 = no row. */
export const MemberAuth = {
  NONE: 0,
  APPLYING: 1,
  REFUSED: 2,
  MEMBER: 3,
  ADMIN: 4,
  ROOT: 5,
} as const;
export type MemberAuthValue = (typeof MemberAuth)[keyof typeof MemberAuth];

/** Group auth (how one joins): 1 public, 2 protected, 3 private. */
export const GroupAuth = { PUBLIC: 1, PROTECTED: 2, PRIVATE: 3 } as const;
export type GroupAuthValue = (typeof GroupAuth)[keyof typeof GroupAuth];

/** Who acts on someone's membership: their own level in the group (owner = 5) and site root. */
export interface MembershipActor {
  /** 0..5 as MemberAuth; the owner counts as 5. */
  level: number;
  siteRoot: boolean;
}

export type MembershipEvent =
  /** The viewer applies to (or, public group, joins) the group. */
  | { type: 'APPLY'; groupAuth: number }
  /** An admin sets the target's auth (accept = 3, refuse = 2, promote/demote). */
  | { type: 'SET_AUTH'; to: number; actor: MembershipActor; targetIsOwner: boolean }
  /** An admin removes the target's row. */
  | { type: 'REMOVE'; actor: MembershipActor; targetIsOwner: boolean; self: boolean }
  /** The viewer leaves. */
  | { type: 'EXIT'; isOwner: boolean }
  /** The viewer disbands the group (owner or site root). */
  | { type: 'DISBAND'; isOwner: boolean; siteRoot: boolean };

/** Why the machine said no; the server maps each to its wire text. */
export type MembershipRefusal =
  | 'already-applied'
  | 'already-member'
  | 'already-refused'
  | 'target-owner'
  | 'not-in-group'
  | 'demote-to-pending'
  | 'bad-auth'
  | 'no-permission'
  | 'remove-self'
  | 'owner-exit'
  | 'not-member';

export interface MembershipContext {
  auth: number;
  refusal: MembershipRefusal | null;
}

const stateOfAuth = (auth: number) =>
  (['none', 'applying', 'refused', 'member', 'admin', 'root'] as const)[auth] ?? 'none';
export type MembershipState = ReturnType<typeof stateOfAuth> | 'disbanded';

const actorOf = (e: MembershipEvent): MembershipActor | null =>
  e.type === 'SET_AUTH' || e.type === 'REMOVE' ? e.actor : null;
/** Group admins (4–5, owner) and site root manage members. */
const manages = (a: MembershipActor | null) => !!a && (a.siteRoot || a.level >= MemberAuth.ADMIN);

const refuse = (refusal: MembershipRefusal) => ({
  actions: { type: 'refuse' as const, params: { refusal } },
});

export const membershipMachine = setup({
  types: {
    context: {} as MembershipContext,
    events: {} as MembershipEvent,
    input: {} as { auth?: number } | undefined,
  },
  guards: {
    publicGroup: ({ event }) => event.type === 'APPLY' && event.groupAuth === GroupAuth.PUBLIC,
    targetIsOwner: ({ event }) =>
      (event.type === 'SET_AUTH' || event.type === 'REMOVE') && event.targetIsOwner,
    actorCannotManage: ({ event }) => !manages(actorOf(event)),
    badAuth: ({ event }) =>
      event.type === 'SET_AUTH' && !(Number.isInteger(event.to) && event.to >= 1 && event.to <= 5),
    demotesMemberToPending: ({ context, event }) =>
      event.type === 'SET_AUTH' && context.auth >= MemberAuth.MEMBER && event.to < MemberAuth.MEMBER,
    /** Non-root actors touch only rows below their level and grant only levels below it. */
    outranked: ({ context, event }) => {
      if (event.type === 'SET_AUTH')
        return !event.actor.siteRoot && (context.auth >= event.actor.level || event.to >= event.actor.level);
      if (event.type === 'REMOVE') return !event.actor.siteRoot && context.auth >= event.actor.level;
      return false;
    },
    removesSelf: ({ event }) => event.type === 'REMOVE' && event.self,
    ownerExits: ({ event }) => event.type === 'EXIT' && event.isOwner,
    mayDisband: ({ event }) => event.type === 'DISBAND' && (event.isOwner || event.siteRoot),
  },
  actions: {
    setAuthFromEvent: assign({
      auth: ({ event, context }) => (event.type === 'SET_AUTH' ? event.to : context.auth),
    }),
    setMember: assign({ auth: MemberAuth.MEMBER }),
    setApplying: assign({ auth: MemberAuth.APPLYING }),
    setNone: assign({ auth: MemberAuth.NONE }),
    refuse: assign({ refusal: (_, params: { refusal: MembershipRefusal }) => params.refusal }),
  },
}).createMachine({
  id: 'groupMembership',
  initial: 'none',
  context: ({ input }) => ({ auth: input?.auth ?? MemberAuth.NONE, refusal: null }),
  // Rules shared by every row state (order = the order the reference checks them in).
  on: {
    DISBAND: [{ guard: 'mayDisband', target: '.disbanded' }, refuse('no-permission')],
    SET_AUTH: [
      { guard: 'targetIsOwner', ...refuse('target-owner') },
      { guard: 'actorCannotManage', ...refuse('no-permission') },
      { guard: 'badAuth', ...refuse('bad-auth') },
      { guard: 'demotesMemberToPending', ...refuse('demote-to-pending') },
      { guard: 'outranked', ...refuse('no-permission') },
      { target: '.routeByAuth', actions: 'setAuthFromEvent' },
    ],
    REMOVE: [
      { guard: 'removesSelf', ...refuse('remove-self') },
      { guard: 'targetIsOwner', ...refuse('target-owner') },
      { guard: 'actorCannotManage', ...refuse('no-permission') },
      { guard: 'outranked', ...refuse('no-permission') },
      { target: '.none', actions: 'setNone' },
    ],
    EXIT: [
      { guard: 'ownerExits', ...refuse('owner-exit') },
      { target: '.none', actions: 'setNone' },
    ],
  },
  states: {
    none: {
      on: {
        APPLY: [
          { guard: 'publicGroup', target: 'member', actions: 'setMember' },
          { target: 'applying', actions: 'setApplying' },
        ],
        // No row to change, remove or leave.
        SET_AUTH: [
          { guard: 'targetIsOwner', ...refuse('target-owner') },
          { guard: 'actorCannotManage', ...refuse('no-permission') },
          refuse('not-in-group'),
        ],
        REMOVE: [
          { guard: 'removesSelf', ...refuse('remove-self') },
          { guard: 'targetIsOwner', ...refuse('target-owner') },
          { guard: 'actorCannotManage', ...refuse('no-permission') },
          refuse('not-in-group'),
        ],
        EXIT: [{ guard: 'ownerExits', ...refuse('owner-exit') }, refuse('not-member')],
      },
    },
    applying: {
      on: {
        APPLY: refuse('already-applied'),
        EXIT: [{ guard: 'ownerExits', ...refuse('owner-exit') }, refuse('not-member')],
      },
    },
    refused: {
      on: {
        // Reference: a unique-key 500. Here: a plain refusal (docs/compat.md G1).
        APPLY: refuse('already-refused'),
        EXIT: [{ guard: 'ownerExits', ...refuse('owner-exit') }, refuse('not-member')],
      },
    },
    member: { on: { APPLY: refuse('already-member') } },
    admin: { on: { APPLY: refuse('already-member') } },
    root: { on: { APPLY: refuse('already-member') } },
    /** Transient: SET_AUTH lands here and moves on to the state of the new auth at once. */
    routeByAuth: {
      always: [
        { guard: ({ context }) => context.auth === MemberAuth.APPLYING, target: 'applying' },
        { guard: ({ context }) => context.auth === MemberAuth.REFUSED, target: 'refused' },
        { guard: ({ context }) => context.auth === MemberAuth.MEMBER, target: 'member' },
        { guard: ({ context }) => context.auth === MemberAuth.ADMIN, target: 'admin' },
        { target: 'root' },
      ],
    },
    disbanded: { type: 'final' },
  },
});

export type MembershipSnapshot = SnapshotFrom<typeof membershipMachine>;

/** A snapshot standing at a stored auth (0 = no row). */
export function membershipAt(auth: number): MembershipSnapshot {
  return membershipMachine.resolveState({ value: stateOfAuth(auth), context: { auth, refusal: null } });
}

export type MembershipDecision =
  { ok: true; auth: number; state: MembershipState } | { ok: false; refusal: MembershipRefusal };

/** What `event` does to a row standing at `auth`: the new auth (0 = row gone), or why not. */
export function decideMembership(auth: number, event: MembershipEvent): MembershipDecision {
  const [after] = transition(membershipMachine, membershipAt(auth), event);
  if (after.context.refusal) return { ok: false, refusal: after.context.refusal };
  return { ok: true, auth: after.context.auth, state: after.value as MembershipState };
}

/** The one action button of the detail page (spec §2.3), by viewer state. */
export type GroupAction = 'disband' | 'exit' | 'apply' | 'applying' | 'refused' | 'none';

export function groupActionFor(viewer: {
  auth: number;
  isOwner: boolean;
  siteRoot: boolean;
  loggedIn: boolean;
}): GroupAction {
  if (!viewer.loggedIn) return 'none';
  const disband = decideMembership(viewer.auth, {
    type: 'DISBAND',
    isOwner: viewer.isOwner,
    siteRoot: viewer.siteRoot,
  });
  if (disband.ok) return 'disband';
  if (decideMembership(viewer.auth, { type: 'EXIT', isOwner: viewer.isOwner }).ok) return 'exit';
  const apply = decideMembership(viewer.auth, { type: 'APPLY', groupAuth: GroupAuth.PROTECTED });
  if (apply.ok) return 'apply';
  if (apply.refusal === 'already-applied') return 'applying';
  if (apply.refusal === 'already-refused') return 'refused';
  return 'none';
}

/** The member table's auth select (spec §4): every level 1..5, disabled where the machine refuses. */
export function authOptionsFor(
  targetAuth: number,
  actor: MembershipActor,
  targetIsOwner: boolean,
): { auth: number; disabled: boolean }[] {
  return [1, 2, 3, 4, 5].map((to) => ({
    auth: to,
    disabled:
      to !== targetAuth && !decideMembership(targetAuth, { type: 'SET_AUTH', to, actor, targetIsOwner }).ok,
  }));
}

/** May `actor` remove a row at `targetAuth` (delete button of the member table). */
export function mayRemove(
  targetAuth: number,
  actor: MembershipActor,
  targetIsOwner: boolean,
  self: boolean,
): boolean {
  return decideMembership(targetAuth, { type: 'REMOVE', actor, targetIsOwner, self }).ok;
}
