// Proves the server leaves every membership transition to the machine of protocol/src/group: an
// illegal transition is refused with the machine's refusal, and with the machine replaced by one
// that allows everything the very same request goes through (no other check in the service).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as GroupProtocol from '@oj/protocol/group';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { M } from './messages';
import { G_USERS, groupHarness, populatedGroup, type GroupHarness } from './test-setup';

const machine = vi.hoisted(() => ({
  permissive: false,
  calls: [] as { auth: number; event: { type: string } }[],
}));

vi.mock('@oj/protocol/group', async (importOriginal) => {
  const real = await importOriginal<typeof GroupProtocol>();
  return {
    ...real,
    decideMembership: (
      auth: number,
      event: GroupProtocol.MembershipEvent,
    ): GroupProtocol.MembershipDecision => {
      machine.calls.push({ auth, event });
      if (!machine.permissive) return real.decideMembership(auth, event);
      const to = event.type === 'SET_AUTH' ? event.to : event.type === 'APPLY' ? 1 : 0;
      return { ok: true, auth: to, state: 'none' };
    },
  };
});

let tdb: TestDatabase;
let h: GroupHarness;
let gid = 0;

beforeAll(async () => {
  tdb = await createTestDatabase('postgres');
  h = await groupHarness(tdb);
  gid = await populatedGroup(h);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await tdb?.drop();
});

describe('the membership machine decides', () => {
  it('refuses demoting a member to applying with the machine’s refusal', async () => {
    machine.calls.length = 0;
    const r = await h.call('PUT', '/api/group/member', 'owner', { gid, uid: G_USERS.member.uid, auth: 1 });
    expect(r).toMatchObject({ status: 403, msg: M.MEMBER_DEMOTE });
    expect(machine.calls).toEqual([{ auth: 3, event: expect.objectContaining({ type: 'SET_AUTH', to: 1 }) }]);
    expect((await h.call('GET', `/api/get-group-auth?gid=${gid}`, 'member')).data).toBe(3);
  });

  it('lets the same request through when the machine allows it: no ad-hoc check behind it', async () => {
    machine.permissive = true;
    try {
      const r = await h.call('PUT', '/api/group/member', 'owner', { gid, uid: G_USERS.member.uid, auth: 1 });
      expect(r.status).toBe(200);
      expect((await h.call('GET', `/api/get-group-auth?gid=${gid}`, 'member')).data).toBe(1);
      // Likewise the owner leaving (the machine's 'owner-exit' rule is the only thing that stops it).
      expect((await h.call('DELETE', `/api/group/member/exit?gid=${gid}`, 'owner')).status).toBe(200);
    } finally {
      machine.permissive = false;
    }
  });
});
