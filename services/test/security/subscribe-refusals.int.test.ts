// Socket rooms apply the decision of the REST read of the same thing (issue #23 item 9): through a
// real socket.io client on the composed platform with its attached gateway, every `subscribe:*` of
// something the REST read refuses is refused, and what the REST read shows is admitted.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ClientEvents, type SubscribeAck } from '@oj/protocol/realtime/events';
import { MessageClientEvents } from '@oj/protocol/realtime/message';
import { startSecurityPlatform, type SecurityPlatform, type Standing } from './platform';
import { seedProtected, type Seeded, type Variant } from './seed';

let env: SecurityPlatform;
let seeded: Seeded;
let url: string;
let groupDid: number;
let publicDid: number;
const sockets: Socket[] = [];

function variant(name: string): Variant {
  const v = seeded.variants.find((x) => x.name === name);
  if (!v) throw new Error(`no variant ${name}`);
  return v;
}

async function socketOf(who: Standing): Promise<Socket> {
  const token = env.tokens[who];
  const socket = connect(url, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return socket;
}

function ask(socket: Socket, event: string, payload: unknown): Promise<SubscribeAck> {
  return socket.timeout(5000).emitWithAck(event, payload) as Promise<SubscribeAck>;
}

/** The envelope status of a REST read as `who`. */
async function rest(who: Standing, url: string): Promise<number> {
  const headers: Record<string, string> = {};
  if (env.tokens[who]) headers.authorization = env.tokens[who];
  const res = await env.platform.app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) return res.statusCode;
  return (JSON.parse(res.body) as { status: number }).status;
}

beforeAll(async () => {
  env = await startSecurityPlatform({ attachGateway: true });
  seeded = await seedProtected(env.platform.ctx.db as never, env.uids.participant);
  await env.platform.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(env.platform.app.server.address() as AddressInfo).port}`;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = env.platform.ctx.db as any;
  let category = await db.selectFrom('discussion_category').select('id').limit(1).executeTakeFirst();
  if (!category)
    category = await db
      .insertInto('discussion_category')
      .values({ name: 'sec' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const post = async (gid: number | null, title: string) =>
    Number(
      (
        await db
          .insertInto('discussion')
          .values({
            category_id: category.id,
            title,
            description: title,
            content: `${title} content`,
            uid: '1',
            author: 'root',
            gid,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  groupDid = await post(variant('group').gid!, 'group discussion');
  publicDid = await post(null, 'public discussion');
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await env?.close();
});

describe('subscribe refusals through a real socket.io client (issue #23 item 9)', () => {
  it("refuses a group contest's room to outsiders even with its outside board open, as its REST reads", async () => {
    const { cid } = variant('group-open-board');
    for (const who of ['anonymous', 'user', 'admin'] as const) {
      expect(await rest(who, `/api/get-contest-outsize-info?cid=${cid}`), who).not.toBe(200);
      expect(await ask(await socketOf(who), ClientEvents.subscribeContest, { cid }), who).toEqual({
        ok: false,
        error: 'denied',
      });
    }
    expect(await rest('root', `/api/get-contest-outsize-info?cid=${cid}`)).toBe(200);
    expect(await ask(await socketOf('root'), ClientEvents.subscribeContest, { cid })).toEqual({
      ok: true,
      admin: true,
    });
  });

  it("admits anyone to an open public contest's room, as its outside board", async () => {
    const { cid } = variant('sealed');
    expect(await rest('anonymous', `/api/get-contest-outsize-info?cid=${cid}`)).toBe(200);
    expect((await ask(await socketOf('anonymous'), ClientEvents.subscribeContest, { cid })).ok).toBe(true);
  });

  it("decides a contest replay's room as its contest's room (issue #27 item 4)", async () => {
    const closed = variant('group-open-board').cid;
    for (const who of ['anonymous', 'user'] as const)
      expect(
        await ask(await socketOf(who), ClientEvents.subscribeReplay, { cid: closed, rid: 1 }),
        who,
      ).toEqual({
        ok: false,
        error: 'denied',
      });
    const open = variant('sealed').cid;
    expect(
      await ask(await socketOf('anonymous'), ClientEvents.subscribeReplay, { cid: open, rid: 1 }),
    ).toEqual({
      ok: true,
    });
    expect(await ask(await socketOf('anonymous'), ClientEvents.subscribeReplay, { cid: open })).toEqual({
      ok: false,
      error: 'bad-request',
    });
  });

  it('refuses the password contest room to the unregistered', async () => {
    const { cid } = variant('private');
    expect(await ask(await socketOf('user'), ClientEvents.subscribeContest, { cid })).toEqual({
      ok: false,
      error: 'denied',
    });
  });

  it("refuses a group submission's room to non-members (problem admins too), as its detail", async () => {
    const { submitId } = variant('group');
    for (const who of ['anonymous', 'user', 'problemAdmin'] as const) {
      expect(await rest(who, `/api/get-submission-detail?submitId=${submitId}`), who).not.toBe(200);
      expect(await ask(await socketOf(who), ClientEvents.subscribeSubmission, { submitId }), who).toEqual({
        ok: false,
        error: 'denied',
      });
    }
    expect(await rest('root', `/api/get-submission-detail?submitId=${submitId}`)).toBe(200);
    expect(await ask(await socketOf('root'), ClientEvents.subscribeSubmission, { submitId })).toEqual({
      ok: true,
    });
  });

  it("refuses a hidden or a group problem's room to outsiders, as its detail; staff, who read it in the back office, join", async () => {
    for (const v of [variant('hidden-problem'), variant('group')]) {
      const detail = `/api/get-problem-detail?problemId=${v.problemKey}${v.gid ? `&gid=${v.gid}` : ''}`;
      for (const who of ['anonymous', 'user'] as const) {
        expect(await rest(who, detail), `${v.name} as ${who}`).not.toBe(200);
        expect(
          await ask(await socketOf(who), ClientEvents.subscribeProblem, { pid: v.pid }),
          `${v.name} as ${who}`,
        ).toEqual({ ok: false, error: 'denied' });
      }
      expect(await rest('problemAdmin', `/api/admin/problem?pid=${v.pid}`), v.name).toBe(200);
      expect(
        await ask(await socketOf('problemAdmin'), ClientEvents.subscribeProblem, { pid: v.pid }),
        v.name,
      ).toEqual({ ok: true });
    }
  });

  it("refuses a group discussion's room to non-members and admits a public one, as its comments", async () => {
    const user = await socketOf('user');
    expect(await rest('user', `/api/comments?did=${groupDid}`)).not.toBe(200);
    expect(await ask(user, MessageClientEvents.subscribeDiscussion, { did: groupDid })).toEqual({
      ok: false,
      error: 'denied',
    });
    expect(
      await ask(await socketOf('anonymous'), MessageClientEvents.subscribeDiscussion, { did: groupDid }),
    ).toEqual({ ok: false, error: 'denied' });
    expect(await ask(user, MessageClientEvents.subscribeDiscussion, { did: 999_999 })).toEqual({
      ok: false,
      error: 'not-found',
    });
    expect(await rest('user', `/api/comments?did=${publicDid}`)).toBe(200);
    expect(await ask(user, MessageClientEvents.subscribeDiscussion, { did: publicDid })).toEqual({
      ok: true,
    });
    expect(
      await ask(await socketOf('root'), MessageClientEvents.subscribeDiscussion, { did: groupDid }),
    ).toEqual({ ok: true });
  });
});
