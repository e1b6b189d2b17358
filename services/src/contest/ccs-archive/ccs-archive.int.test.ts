// The Contest Archive Format (issue #24 item 6) on PostgreSQL and the in-process bus: a running
// ACM contest with submissions before and after its seal (judged by a stand-in runner) is
// exported; every JSON file of the zip validates against the 2023-06 schemas with additional
// properties refused, the event feed and the sources are there; the archive imported back makes
// a new contest whose scoreboard and submissions equal the original's; an archive naming a
// problem this site lacks is refused with its name and creates nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { expectCcsValid } from '../../../test/support/ccs-schemas';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db';
import {
  RunnerStandIn,
  USERS,
  makeUser,
  seedUsers,
  testAuthenticator,
  testContext,
  tokenOf,
} from '../../judge/test-harness';
import { startContestHarness, type ContestHarness } from '../../judge/contest-test-setup';
import { buildApp, type App } from '../../platform/http/app';
import type { AuthUser } from '../../platform/http/access';
import { verifyCredentials } from '../../account';
import { createCcsCapability } from '../ccs';
import { createCcsArchiveCapability } from '.';

const SEAL_IN_MS = 4000;
const valid = expectCcsValid;

/** Each JSON file of the archive → the schema of one of its items (or of the whole object). */
const OBJECT_FILES: Record<string, string> = {
  'api.json': 'api_information.json',
  'contest.json': 'contest.json',
  'state.json': 'state.json',
  'scoreboard.json': 'scoreboard.json',
};
const ARRAY_FILES: Record<string, string> = {
  'judgement-types.json': 'judgement-type.json',
  'languages.json': 'language.json',
  'problems.json': 'problem.json',
  'groups.json': 'group.json',
  'organizations.json': 'organization.json',
  'teams.json': 'team.json',
  'accounts.json': 'account.json',
  'persons.json': 'person.json',
  'submissions.json': 'submission.json',
  'judgements.json': 'judgement.json',
  'runs.json': 'run.json',
  'clarifications.json': 'clarification.json',
  'awards.json': 'award.json',
};

const DAVE = makeUser('u-dave', 'dave', 1002);

function multipart(name: string, content: Uint8Array) {
  const boundary = `----oj-archive-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('the contest archive: export, validate, import, same board (postgres, memory bus)', () => {
  let tdb: TestDatabase;
  let bus: Bus;
  let h: ContestHarness;
  let api: App;
  let runner: RunnerStandIn;
  let stopFeeds: () => Promise<void> = async () => undefined;
  let cid = 0;
  let archive: Uint8Array = new Uint8Array();
  const batchCalls: unknown[] = [];
  const subs: Record<string, number> = {};
  const admin = { authorization: tokenOf(USERS.admin) };
  const root = { authorization: tokenOf(USERS.root) };

  const judged = (submitId: number, status: number) => runner.judgeAndWait(tdb.db, submitId, status, 30_000);

  async function submit(user: AuthUser, pid: string, status: number, name: string) {
    const view = await h.judge.service.submit(
      user,
      { pid, cid, language: 'C++', code: `int main(){} // ${name}`, isRemote: false },
      null,
      null,
    );
    subs[name] = view.submitId!;
    await judged(subs[name]!, status);
  }

  const exportOf = (id: number, headers: Record<string, string>) =>
    api.inject({ method: 'GET', url: `/api/admin/contest/ccs/archive?cid=${id}`, headers });
  const importOf = (zip: Uint8Array) => {
    const mp = multipart('archive.zip', zip);
    return api.inject({
      method: 'POST',
      url: '/api/admin/contest/ccs/archive/import',
      headers: { ...root, 'content-type': mp.contentType },
      payload: mp.body,
    });
  };
  const scoreboardOf = async (id: number) => {
    const res = await api.inject({ method: 'GET', url: `/api/ccs/contests/${id}/scoreboard`, headers: root });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { rows: unknown[] }).rows;
  };

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus = createMemoryBus();
    h = await startContestHarness(tdb, bus);
    await seedUsers(tdb, [DAVE]);
    await tdb.db
      .insertInto('language')
      .values({
        name: 'C++',
        description: 'G++',
        content_type: 'text/x-c++src',
        compile_command: null,
        template: null,
        code_template: null,
        is_spj: false,
        oj: 'ME',
        seq: 1,
      })
      .execute();
    api = await buildApp({ authenticator: testAuthenticator });
    const ctx = testContext(tdb.db, bus);
    const ccs = createCcsCapability(ctx, {
      contest: h.contest,
      credentials: (u, p) => verifyCredentials(tdb.db, u, p),
    });
    await ccs.routes!(api);
    const archiveCap = createCcsArchiveCapability(ctx, {
      ccs,
      accounts: {
        // Stands in for the back office's batch creation: the named accounts exist afterwards.
        insertBatch: async (rows) => {
          batchCalls.push(rows);
          const names = rows.map((r) => r[0]!);
          await seedUsers(
            tdb,
            names.map((n) => makeUser(`u-${n}`, n, 1002)),
          );
          return { results: names.map((username, row) => ({ row, username, ok: true, reason: null })) };
        },
      },
      requireContestAdmin: (user, id) => h.contest.service.requireContestAdmin(user, id),
    });
    await archiveCap.routes!(api);
    await api.ready();
    await ccs.start!();
    stopFeeds = () => ccs.stop!();
    runner = await new RunnerStandIn(bus).start();
    const sealAt = Date.now() + SEAL_IN_MS;
    cid = await h.createContest({
      sealRank: true,
      sealRankTime: new Date(sealAt).toISOString(),
      starAccount: ['dave'],
    });
    await h.addProblem(cid, 'A');
    await h.addProblem(cid, 'B');
    await submit(USERS.alice, 'A', -1, 'aliceWa');
    await submit(USERS.alice, 'A', 0, 'aliceAc');
    await submit(USERS.bob, 'A', 0, 'bobAc');
    await submit(DAVE, 'A', 0, 'starAc');
    expect(Date.now()).toBeLessThan(sealAt);
    while (Date.now() <= sealAt + 1000) await new Promise((r) => setTimeout(r, 100));
    await submit(USERS.bob, 'B', 0, 'bobLateAc');
    await submit(USERS.alice, 'B', -1, 'aliceLateWa');
  }, 180_000);
  afterAll(async () => {
    await stopFeeds();
    await runner?.close();
    await api?.close();
    await h?.close();
    await bus?.close();
    await tdb?.drop();
  });

  it('a participant may not export; the contest admin gets a zip whose JSON files all validate', async () => {
    const refused = await exportOf(cid, { authorization: tokenOf(USERS.alice) });
    expect(refused.statusCode).toBe(403);
    const res = await exportOf(cid, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    archive = new Uint8Array(res.rawPayload);
    const files = unzipSync(archive);
    const json = (name: string): unknown => JSON.parse(strFromU8(files[name]!));
    for (const [name, schema] of Object.entries(OBJECT_FILES)) {
      expect(files[name], name).toBeDefined();
      valid(schema, json(name), name);
    }
    for (const [name, schema] of Object.entries(ARRAY_FILES)) {
      expect(files[name], name).toBeDefined();
      for (const item of json(name) as unknown[]) valid(schema, item, name);
    }
    // Every submission (the star's too, for the admin) with its source beside the JSON.
    const submissions = json('submissions.json') as { id: string; files: { href: string }[] }[];
    expect(submissions.map((s) => Number(s.id)).sort()).toEqual(Object.values(subs).sort());
    for (const [name, id] of Object.entries(subs)) {
      const s = submissions.find((x) => x.id === String(id))!;
      expect(s.files[0]!.href).toBe(`submissions/${id}/files.zip`);
      const inner = unzipSync(files[`submissions/${id}/files.zip`]!);
      expect(Object.values(inner).map((f) => strFromU8(f))).toEqual([`int main(){} // ${name}`]);
    }
    // The admin judgements show the post-seal verdicts.
    const judgements = json('judgements.json') as { submission_id: string; judgement_type_id?: string }[];
    expect(judgements.find((j) => j.submission_id === String(subs.bobLateAc))?.judgement_type_id).toBe('AC');
    // The admin event feed: every line an event, the contest first, each submission in it.
    const lines = strFromU8(files['event-feed.ndjson']!).split('\n').filter(Boolean);
    const events = lines.map((l) => JSON.parse(l) as { type: string; id: string | null; data: unknown });
    expect(events[0]!.type).toBe('contest');
    for (const id of Object.values(subs))
      expect(events.some((e) => e.type === 'submissions' && e.id === String(id))).toBe(true);
    for (const e of events.filter((x) => x.type === 'judgements' && x.data))
      valid('judgement.json', e.data, 'event-feed judgement');
  }, 60_000);

  it('imported back: a new contest with the same submissions, verdicts and scoreboard', async () => {
    expect(archive.length).toBeGreaterThan(0);
    const contestsBefore = await tdb.db.selectFrom('contest').select('id').execute();
    const res = await importOf(archive);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { status: number; msg: string; data: Record<string, number> };
    expect(body.status, body.msg).toBe(200);
    const copy = body.data.cid!;
    expect(contestsBefore.map((c) => c.id)).not.toContain(copy);
    expect(body.data).toMatchObject({
      problems: 2,
      teams: 3,
      accountsCreated: 0,
      submissions: 6,
      skipped: 0,
    });
    expect(batchCalls).toEqual([]);

    const rowsOf = (id: number) =>
      tdb.db
        .selectFrom('judge')
        .select(['uid', 'status', 'submit_time', 'code', 'pid', 'language'])
        .where('cid', '=', id)
        .orderBy('submit_time')
        .orderBy('code')
        .execute();
    const [orig, imported] = await Promise.all([rowsOf(cid), rowsOf(copy)]);
    expect(imported).toHaveLength(orig.length);
    expect(imported).toEqual(orig);
    const times = (id: number) =>
      tdb.db
        .selectFrom('contest')
        .select(['start_time', 'end_time', 'seal_rank', 'seal_rank_time', 'type', 'star_account'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await times(copy)).toEqual(await times(cid));

    const [a, b] = await Promise.all([scoreboardOf(cid), scoreboardOf(copy)]);
    expect(a.length).toBe(2); // alice and bob; the star is off the board
    expect(b).toEqual(a);
  }, 60_000);

  it('an archive naming a problem this site lacks is refused with its name, and nothing is created', async () => {
    const files = unzipSync(archive);
    const problems = JSON.parse(strFromU8(files['problems.json']!)) as { id: string; label: string }[];
    problems[1] = { ...problems[1]!, id: 'ZZ-MISSING', label: 'ZZ-MISSING' };
    files['problems.json'] = strToU8(JSON.stringify(problems));
    const ext = JSON.parse(strFromU8(files['oj-contest.json']!)) as { problems: { problemId: string }[] };
    ext.problems = ext.problems.slice(0, 1);
    files['oj-contest.json'] = strToU8(JSON.stringify(ext));
    const before = await tdb.db.selectFrom('contest').select('id').execute();
    const res = await importOf(zipSync(files));
    const body = res.json() as { status: number; msg: string };
    expect(body.status).toBe(400);
    expect(body.msg).toContain('ZZ-MISSING');
    expect(await tdb.db.selectFrom('contest').select('id').execute()).toHaveLength(before.length);
  }, 60_000);

  it('a team whose account does not exist here gets one from the batch creation, with its submissions', async () => {
    const files = unzipSync(archive);
    const renamed = (text: string) => text.replaceAll('"alice"', '"alice2"');
    files['accounts.json'] = strToU8(renamed(strFromU8(files['accounts.json']!)));
    files['oj-contest.json'] = strToU8(renamed(strFromU8(files['oj-contest.json']!)));
    batchCalls.length = 0;
    const res = await importOf(zipSync(files));
    const body = res.json() as { status: number; msg: string; data: Record<string, number> };
    expect(body.status, body.msg).toBe(200);
    expect(body.data).toMatchObject({ teams: 3, accountsCreated: 1, submissions: 6 });
    expect(batchCalls).toHaveLength(1);
    expect((batchCalls[0] as string[][]).map((r) => r[0])).toEqual(['alice2']);
    const rows = await tdb.db
      .selectFrom('judge')
      .select(['uid', 'username'])
      .where('cid', '=', body.data.cid!)
      .where('username', '=', 'alice2')
      .execute();
    expect(rows).toHaveLength(3); // aliceWa, aliceAc, aliceLateWa
    expect(rows.every((r) => r.uid === 'u-alice2')).toBe(true);
  }, 60_000);

  it('a source PostgreSQL cannot store (a NUL) or a duplicated label is refused as bad input, nothing created', async () => {
    const before = await tdb.db.selectFrom('contest').select('id').execute();
    const withNul = unzipSync(archive);
    withNul[`submissions/${subs.bobAc}/files.zip`] = zipSync({ 'main.cpp': strToU8('int main(){}\u0000') });
    const nul = await importOf(zipSync(withNul));
    expect(nul.statusCode).toBe(200);
    expect(nul.json()).toMatchObject({ status: 400 });
    expect((nul.json() as { msg: string }).msg).toContain(`submissions/${subs.bobAc}/files.zip`);
    const twice = unzipSync(archive);
    const problems = JSON.parse(strFromU8(twice['problems.json']!)) as { label: string }[];
    problems[1]!.label = problems[0]!.label;
    twice['problems.json'] = strToU8(JSON.stringify(problems));
    const dup = await importOf(zipSync(twice));
    expect(dup.json()).toMatchObject({ status: 400 });
    expect(await tdb.db.selectFrom('contest').select('id').execute()).toHaveLength(before.length);
  }, 60_000);
});
