// Contest API imports on PostgreSQL (issue #24 items 5 and 7): organisations, teams and accounts
// from JSON and TSV with their per-row results, accounts created through the batch creation and
// registered in the contest, refusals for a non-admin; an event feed fetched with basic auth.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import type { AuthUser } from '../../platform/http/access';
import { buildApp, type App } from '../../platform/http/app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db';
import { createContestCapability } from '../index';
import { testContext, tokenAuthenticator } from '../../judge/test-harness';
import { createPasswordPool, type PasswordPool } from '../../account/password-workers';
import { verifyPassword } from '../../account';
import { createUsersService } from '../../admin/users-service';
import { createCcsImportCapability } from './index';
import { M } from './messages';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const mk = (uid: string, roles: string[], roleIds: number[]): AuthUser => ({
  uid,
  username: uid,
  roleIds,
  roles,
  permissions: [],
});
const USERS: Record<string, AuthUser> = {
  root: mk('root', ['root'], [1000]),
  adm: mk('adm', ['admin'], [1001]),
  adm2: mk('adm2', ['admin'], [1001]),
  bob: mk('bob', ['default_user'], [1002]),
};
const HOUR = 3600_000;

describe('Contest API imports (postgres)', () => {
  let tdb: TestDatabase;
  let bus: Bus;
  let app: App;
  let pool: PasswordPool;
  let feedServer: Server;
  let cid: number;

  const call = async (url: string, who: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers: { authorization: who }, payload });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint
    return { code: res.statusCode, ...(res.json() as { status: number; msg: string; data: any }) };
  };
  const importFile = (who: string, kind: string, format: string, content: string, c = cid) =>
    call('/api/admin/contest/ccs/import', who, { cid: c, kind, format, content });
  const outcomes = (data: { rows: { line: number; id: string; outcome: string }[] }) =>
    data.rows.map((r) => [r.line, r.id, r.outcome]);

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus = createMemoryBus();
    pool = createPasswordPool(1);
    const ctx = testContext(tdb.db, bus, log);
    const contest = createContestCapability(ctx);
    const ccs = createCcsImportCapability(ctx, {
      accounts: createUsersService({
        db: tdb.db,
        bus,
        notices: { notify: async () => undefined },
        now: () => new Date(),
        hasher: pool,
      }),
      requireContestAdmin: (user, c) => contest.service.requireContestAdmin(user, c),
      fetch: { allowPrivate: true, timeoutMs: 5000 },
    });
    app = await buildApp({ authenticator: tokenAuthenticator(USERS) });
    await contest.routes!(app);
    await ccs.routes!(app);
    await app.ready();
    const now = Date.now();
    const r = await app.inject({
      method: 'POST',
      url: '/api/admin/contest',
      headers: { authorization: 'adm' },
      payload: {
        title: 'imported',
        type: 0,
        auth: 1,
        pwd: 'x',
        startTime: new Date(now + HOUR).toISOString(),
        endTime: new Date(now + 3 * HOUR).toISOString(),
        uid: 'adm',
        author: 'adm',
      },
    });
    expect(r.json().status).toBe(200);
    cid = Number(
      (
        await tdb.db
          .selectFrom('contest')
          .select('id')
          .where('title', '=', 'imported')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const feed = readFileSync(new URL('./fixtures/pass-fail.ndjson', import.meta.url));
    feedServer = createServer((req, res) => {
      const ok = req.headers.authorization === `Basic ${Buffer.from('cds:secret').toString('base64')}`;
      if (!ok || !req.url?.includes('stream=false')) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-ndjson' }).end(feed);
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => feedServer?.close(resolve));
    await app?.close();
    await bus?.close();
    await pool?.close();
    await tdb?.drop();
  });

  it('refuses every import to a user who is not an admin of the contest', async () => {
    // The contest service's admin check: the envelope's 403 (a business refusal, HTTP 200).
    const r = await importFile('bob', 'organizations', 'json', '[]');
    expect(r.status).toBe(403);
    const feed = await call('/api/admin/contest/ccs/feed-board', 'bob', { ndjson: '' });
    expect(feed.code).toBe(403);
    // An administrator of the site who is not the contest's admin: the service refuses.
    expect((await importFile('adm2', 'teams', 'json', '[]')).status).toBe(403);
    expect(
      await tdb.db
        .selectFrom('ccs_organization' as never)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });

  it('imports organisations, then teams and accounts from the spec JSON, row by row', async () => {
    const orgs = await importFile(
      'adm',
      'organizations',
      'json',
      JSON.stringify([
        { id: 'alpha', name: 'Alpha', formal_name: 'Alpha University', country: 'NLD' },
        { id: 'beta', name: 'Beta', country: 'Netherlands' },
        { id: 'alpha', name: 'Again' },
      ]),
    );
    expect(orgs.status).toBe(200);
    expect(outcomes(orgs.data)).toEqual([
      [1, 'alpha', 'created'],
      [2, 'beta', 'refused'],
      [3, 'alpha', 'refused'],
    ]);
    expect(orgs.data.rows[1].reason).toBe(M.ROW_BAD_COUNTRY);

    const teams = await importFile(
      'adm',
      'teams',
      'json',
      JSON.stringify([
        { id: 't1', name: 'One', display_name: 'Team One', organization_id: 'alpha' },
        { id: 't2', name: 'Two', organization_id: 'beta' },
        { id: 't3', name: 'Three' },
      ]),
    );
    expect(outcomes(teams.data)).toEqual([
      [1, 't1', 'created'],
      [2, 't2', 'refused'],
      [3, 't3', 'created'],
    ]);
    expect(teams.data.rows[1].reason).toBe(M.ROW_UNKNOWN_ORG);
    // Importing a team again updates it.
    const again = await importFile('adm', 'teams', 'json', JSON.stringify([{ id: 't3', name: 'Three bis' }]));
    expect(outcomes(again.data)).toEqual([[1, 't3', 'updated']]);

    const accounts = await importFile(
      'adm',
      'accounts',
      'json',
      JSON.stringify([
        { id: 'a1', username: 'ccs_team1', password: 'secret-1', type: 'team', team_id: 't1', name: 'Ann' },
        { id: 'a2', username: 'ccs_team3', password: 'secret-2', type: 'team', team_id: 't3' },
        { id: 'a3', username: 'ccs_judge', password: 'secret-3', type: 'judge' },
        { id: 'a4', username: 'ccs_other', password: 'secret-4', type: 'team', team_id: 't1' },
        { id: 'a5', username: 'ccs_short', password: 'x', type: 'team', team_id: 'tx' },
        { id: 'a6', username: 'ccs_nopass', type: 'team', team_id: 't1' },
      ]),
    );
    expect(accounts.status).toBe(200);
    expect(outcomes(accounts.data)).toEqual([
      [1, 'ccs_team1', 'created'],
      [2, 'ccs_team3', 'created'],
      [3, 'ccs_judge', 'refused'],
      [4, 'ccs_other', 'refused'],
      [5, 'ccs_short', 'refused'],
      [6, 'ccs_nopass', 'refused'],
    ]);
    expect(accounts.data.rows.map((r: { reason: string | null }) => r.reason).slice(2)).toEqual([
      M.ROW_NOT_TEAM_ACCOUNT,
      M.ROW_TEAM_TAKEN,
      M.ROW_UNKNOWN_TEAM,
      M.ROW_NO_PASSWORD,
    ]);
    expect(accounts.data).toMatchObject({ created: 2, updated: 0, refused: 4 });
    // No password goes back in the answer.
    expect(JSON.stringify(accounts.data)).not.toContain('secret-');
    const stored = await tdb.db
      .selectFrom('users')
      .select(['uid', 'username', 'password_hash', 'nickname', 'school', 'realname'])
      .where('username', 'in', ['ccs_team1', 'ccs_team3'])
      .orderBy('username')
      .execute();
    expect(stored.map((u) => [u.username, u.nickname, u.school, u.realname])).toEqual([
      ['ccs_team1', 'Team One', 'Alpha', 'Ann'],
      ['ccs_team3', 'Three bis', null, null],
    ]);
    expect(await verifyPassword(stored[0]!.password_hash, 'secret-1')).toBe(true);
    expect(await verifyPassword(stored[1]!.password_hash, 'secret-2')).toBe(true);
    // Registered in the contest and linked to their teams.
    const regs = await tdb.db.selectFrom('contest_register').select('uid').where('cid', '=', cid).execute();
    expect(new Set(regs.map((r) => r.uid))).toEqual(new Set(stored.map((u) => u.uid)));
  });

  it('imports DOMjudge TSV: teams with their affiliations, then accounts; an existing account keeps its password', async () => {
    const teams = await importFile(
      'adm',
      'teams',
      'tsv',
      ['teams\t1', '7\t447047\t3\tSeven\tUniversity of Gamma\tGamma\tDEU\tgamma', '8\t\t3\t'].join('\n'),
    );
    expect(outcomes(teams.data)).toEqual([
      [2, '7', 'created'],
      [3, '8', 'refused'],
    ]);
    const org = await tdb.db
      .selectFrom('ccs_organization' as never)
      .selectAll()
      .where('ext_id' as never, '=', 'gamma' as never)
      .executeTakeFirst();
    expect(org).toMatchObject({ name: 'Gamma', formal_name: 'University of Gamma', country: 'DEU' });

    const accounts = await importFile(
      'root',
      'accounts',
      'tsv',
      ['accounts\t1', 'team\tSeven\tteam007\tpass-007', 'team\tAgain\tccs_team1\tnew-pass'].join('\n'),
    );
    expect(outcomes(accounts.data)).toEqual([
      [2, 'team007', 'created'],
      // ccs_team1 names no team by its username: refused.
      [3, 'ccs_team1', 'refused'],
    ]);
    const relink = await importFile(
      'adm',
      'accounts',
      'json',
      JSON.stringify([
        { id: 'x', username: 'ccs_team1', password: 'other-pass', type: 'team', team_id: 't1' },
      ]),
    );
    expect(outcomes(relink.data)).toEqual([[1, 'ccs_team1', 'updated']]);
    expect(relink.data.rows[0].reason).toBe(M.ROW_KEPT_PASSWORD);
    const u = await tdb.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'ccs_team1')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(u.password_hash, 'secret-1')).toBe(true);
  });

  it('answers a bad file with the envelope error, never a 5xx', async () => {
    const r = await importFile('adm', 'teams', 'json', '{not json');
    expect([r.code, r.status, r.msg]).toEqual([200, 400, M.IMPORT_NOT_JSON]);
    const tsv = await importFile('adm', 'organizations', 'tsv', 'x');
    expect(tsv.msg).toBe(M.IMPORT_NO_ORG_TSV);
    const missing = await importFile('adm', 'teams', 'json', '[]', 999_999);
    expect(missing.status).toBe(403);
  });

  it('reads an event feed from a URL with basic auth, and from an upload', async () => {
    const { port } = feedServer.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/contests/demo/event-feed`;
    const r = await call('/api/admin/contest/ccs/feed-board', 'adm', {
      url,
      username: 'cds',
      password: 'secret',
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ kind: 'acm', problems: ['A', 'B'] });
    expect(r.data.submissions).toHaveLength(5);
    const wrong = await call('/api/admin/contest/ccs/feed-board', 'adm', {
      url,
      username: 'cds',
      password: 'no',
    });
    expect([wrong.status, wrong.msg]).toEqual([400, '读取事件流失败：HTTP 401']);
    const ftp = await call('/api/admin/contest/ccs/feed-board', 'adm', { url: 'ftp://example.org/feed' });
    expect(ftp.msg).toBe(M.FEED_URL);
    const upload = await call('/api/admin/contest/ccs/feed-board', 'root', {
      ndjson: readFileSync(new URL('./fixtures/score.ndjson', import.meta.url), 'utf8'),
    });
    expect(upload.data.kind).toBe('oi');
    expect(upload.data.board.rows).toHaveLength(3);
    const empty = await call('/api/admin/contest/ccs/feed-board', 'adm', {});
    expect(empty.msg).toBe(M.FEED_SOURCE);
  });
});
