import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REMOTE_ACCOUNT_LISTS, type RemoteAccountList } from '@oj/protocol/site/schemas';
import { jsonb } from '../platform/db/json';
import { DB_KINDS } from '../../test/support/db';
import { call, counts, startHarness, type Harness, type Process } from './harness.test-support';
import { seedSite } from './seed';
import { DEFAULT_LANGUAGES } from './languages';

const emptyLists = () =>
  Object.fromEntries(REMOTE_ACCOUNT_LISTS.map((k) => [k, []])) as unknown as Record<
    RemoteAccountList,
    string[]
  >;

describe.each(DB_KINDS)('site config cache across processes on %s', (kind) => {
  let h: Harness;
  let other: Process;
  beforeAll(async () => {
    h = await startHarness(kind);
    other = await h.spawn();
  });
  afterAll(() => h?.close());

  it('reads are cached: a change behind the service’s back is not seen', async () => {
    expect((await other.site.switches()).openGroupDiscussion).toBe(true);
    const loads = other.site.settingsLoads;
    await h.db
      .insertInto('site_setting')
      .values({ name: 'switch.openGroupDiscussion', value: jsonb(false) })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: jsonb(false) }))
      .execute();
    expect((await other.site.switches()).openGroupDiscussion).toBe(true);
    expect(await other.site.isRegisterOpen()).toBe(true);
    expect(other.site.settingsLoads).toBe(loads);
    // Put it back for the next tests.
    await h.db.deleteFrom('site_setting').where('name', '=', 'switch.openGroupDiscussion').execute();
  });

  it('a switch update in one process drops the cache of the other', async () => {
    expect((await other.site.switches()).openContestComment).toBe(true);
    const r = await call(h.app, 'PUT', '/api/admin/switch/update', 'tok-root', {
      ...emptyLists(),
      openContestComment: false,
    });
    expect(r.json().status).toBe(200);
    await vi.waitFor(async () => expect((await other.site.switches()).openContestComment).toBe(false), {
      timeout: 2000,
    });
    const pub = (await call(other.app, 'GET', '/api/get-website-config')).json().data;
    expect(pub.openContestComment).toBe(false);
  });

  it('closing registration in one process is seen by the other', async () => {
    expect(await other.site.isRegisterOpen()).toBe(true);
    const r = await call(h.app, 'PUT', '/api/admin/config/set-web-config', 'tok-root', { register: false });
    expect(r.json().status).toBe(200);
    await vi.waitFor(async () => expect(await other.site.isRegisterOpen()).toBe(false), { timeout: 2000 });
    expect((await call(other.app, 'GET', '/api/get-website-config')).json().data.register).toBe(false);
  });

  it('requireSwitch refuses with HTTP 403 or an envelope 403 once a switch is off', async () => {
    await expect(other.site.requireSwitch('openPublicJudge', 'judge off')).resolves.toBeUndefined();
    await other.site.requireSwitch('openContestComment', 'x').then(
      () => expect.fail('the contest comment switch was turned off above'),
      (err) => expect(err).toMatchObject({ httpStatus: 403, status: 403, message: 'x' }),
    );
    await other.site.requireSwitch('openContestComment', 'y', 'body').then(
      () => expect.fail('the contest comment switch was turned off above'),
      (err) => expect(err).toMatchObject({ httpStatus: 200, status: 403, message: 'y' }),
    );
  });

  it('a refused update publishes nothing and keeps the other cache', async () => {
    await other.site.switches();
    const loads = other.site.settingsLoads;
    const bad = await call(h.app, 'PUT', '/api/admin/switch/update', 'tok-root', {
      ...emptyLists(),
      openPublicJudge: false,
      spojUsernameList: ['only-user'],
    });
    expect(bad.json().status).toBe(400);
    await new Promise((r) => setTimeout(r, 50));
    expect((await other.site.switches()).openPublicJudge).toBe(true);
    expect(other.site.settingsLoads).toBe(loads);
  });
});

describe('site config cache across processes on real NATS', () => {
  let h: Harness;
  let other: Process;
  beforeAll(async () => {
    h = await startHarness('postgres', { nats: true });
    other = await h.spawn();
  });
  afterAll(() => h?.close());

  it('a change in one process reaches the other through NATS', async () => {
    expect((await other.site.switches()).openGroupJudge).toBe(true);
    expect(await other.site.isRegisterOpen()).toBe(true);
    await h.site.updateSwitches({ ...emptyLists(), openGroupJudge: false });
    await h.site.updateWebConfig({ register: false });
    await vi.waitFor(
      async () => {
        expect((await other.site.switches()).openGroupJudge).toBe(false);
        expect(await other.site.isRegisterOpen()).toBe(false);
      },
      { timeout: 3000 },
    );
  });
});

describe.each(DB_KINDS)('seedSite on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind, { seed: false });
  });
  afterAll(() => h?.close());

  it('is idempotent and safe when several processes run it at once', async () => {
    expect(await counts(h.db)).toMatchObject({ announcements: 0, languages: 0, settings: 0 });
    await Promise.all([seedSite(h.db), seedSite(h.db), seedSite(h.db)]);
    await seedSite(h.db);
    const c = await counts(h.db);
    expect(c.announcements).toBe(1);
    expect(c.languages).toBe(DEFAULT_LANGUAGES.length);
    expect(c.settings).toBeGreaterThan(0);
  });

  it('seeds the languages with the reference names, content types and order', async () => {
    const rows = await h.db.selectFrom('language').selectAll().orderBy('seq', 'desc').orderBy('id').execute();
    expect(rows.map((r) => r.name)).toEqual(DEFAULT_LANGUAGES.map((l) => l.name));
    const cpp = rows.find((r) => r.name === 'C++ With O2')!;
    expect(cpp).toMatchObject({ content_type: 'text/x-c++src', oj: 'ME', is_spj: false });
    expect(cpp.compile_command).toContain('-O2');
    expect(cpp.template).toContain('a + b');
    expect(rows.find((r) => r.name === 'C')!.is_spj).toBe(true);
    expect(rows.find((r) => r.name === 'Python3')!.content_type).toBe('text/x-python');
    expect(rows.every((r) => r.gmt_create instanceof Date)).toBe(true);
  });

  it('keeps admin edits and deleted welcome announcements on a re-seed', async () => {
    await call(h.app, 'PUT', '/api/admin/config/set-web-config', 'tok-root', {
      name: 'Edited',
      shortName: 'ED',
    });
    await h.db.deleteFrom('announcement').execute();
    await seedSite(h.db);
    h.site.invalidate();
    const cfg = (await call(h.app, 'GET', '/api/get-website-config')).json().data;
    expect(cfg).toMatchObject({ name: 'Edited', shortName: 'ED', register: true });
    expect((await counts(h.db)).announcements).toBe(0);
  });
});
