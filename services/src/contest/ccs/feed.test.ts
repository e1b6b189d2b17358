// The event feed's writing rules against an in-memory log with the stored log's contract (an
// append is refused when the log moved on after the token it names): two API processes on one log
// write a change once and resume each other's tokens; a refused append reads the log again and
// never writes on top of what it did not see.
import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '@oj/protocol/bus';
import type { StoredEvent } from './repository';
import type { CcsService, ContestView } from './service';
import { createCcsFeeds, type CcsFeedLog } from './feed';

type Add = { type: string; id: string | null; data: string | null };

type Row = StoredEvent & { view: string };

function memoryLog(hook?: { beforeAppend?: (log: Row[]) => void }) {
  const rows: Row[] = [];
  let seq = 0;
  const calls = { append: 0, refused: 0 };
  const log: CcsFeedLog = {
    async after(_cid, view, token) {
      return rows.filter((r) => r.view === view && r.token > token).map(({ view: _v, ...e }) => e);
    },
    async append(_cid, view, after, add: readonly Add[]) {
      calls.append++;
      hook?.beforeAppend?.(rows);
      if (rows.some((r) => r.view === view && r.token > after)) {
        calls.refused++;
        return null;
      }
      // Tokens are not consecutive (other views and contests share the sequence).
      const written = add.map((e) => ({ ...e, token: (seq += 3) }));
      rows.push(...written.map((e) => ({ ...e, view })));
      return written;
    },
  };
  return { log, rows, calls, next: () => (seq += 3) };
}

/** A contest whose only changing collection is its submissions. */
function fakeService(subs: { id: string; v: number }[]): CcsService {
  const view = { c: { id: 7 }, perspective: 'public', team: null, sealed: false } as unknown as ContestView;
  const none = async () => [];
  return {
    view: async () => view,
    contestOf: () => ({ id: '7' }),
    state: () => ({ started: null }),
    judgementTypes: () => [],
    languages: none,
    problems: none,
    groups: none,
    organizations: none,
    teams: none,
    accounts: none,
    persons: none,
    submissions: async () => subs.map((s) => ({ ...s })),
    judgements: none,
    runs: none,
    clarifications: none,
    awards: none,
  } as unknown as CcsService;
}

const parse = (ndjson: string) =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; id: string | null; data: unknown; token: string });

async function until(done: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the event feed on a shared log', () => {
  it('two processes write a change once and resume each other’s tokens', async () => {
    const subs = [{ id: 's1', v: 1 }];
    const { log, rows } = memoryLog();
    const bus = createMemoryBus();
    const a = createCcsFeeds(fakeService(subs), bus, log);
    const b = createCcsFeeds(fakeService(subs), bus, log);
    const fa = await a.feedFor(null, '7');
    const fb = await b.feedFor(null, '7');
    expect(rows.map((r) => r.type)).toEqual(['contest', 'state', 'submissions']); // b added nothing
    subs[0]!.v = 2;
    subs.push({ id: 's2', v: 1 });
    a.changed(7);
    b.changed(7);
    const seen = async (f: typeof fa, feeds: typeof a) =>
      parse((await feeds.open(f, undefined)).backlog).some((e) => e.id === 's2');
    await until(async () => (await seen(fa, a)) && (await seen(fb, b)));
    expect(rows.filter((r) => r.id === 's2')).toHaveLength(1);
    expect(rows.filter((r) => r.id === 's1')).toHaveLength(2);
    const fromA = parse((await a.open(fa, undefined)).backlog);
    expect(parse((await b.open(fb, undefined)).backlog)).toEqual(fromA);
    // A token a gave resumes on b; one it never gave (or malformed) is refused.
    expect(parse((await b.open(fb, fromA[1]!.token)).backlog)).toEqual(fromA.slice(2));
    await expect(b.open(fb, String(Number(fromA[1]!.token) + 1))).rejects.toMatchObject({ code: 400 });
    await expect(b.open(fb, 'x1')).rejects.toMatchObject({ code: 400 });
    await bus.close();
  });

  it('an append refused because the log moved on reads the log and the view again', async () => {
    const subs = [{ id: 's1', v: 1 }];
    let interleave = false;
    const mem = memoryLog({
      beforeAppend: (rows) => {
        if (!interleave) return;
        interleave = false;
        // Another process logged s1 at v 5 between this one's reads and its append.
        rows.push({
          view: 'public',
          type: 'submissions',
          id: 's1',
          data: '{"id":"s1","v":5}',
          token: mem.next(),
        });
      },
    });
    const bus = createMemoryBus();
    const a = createCcsFeeds(fakeService(subs), bus, mem.log);
    const fa = await a.feedFor(null, '7');
    const lines: string[] = [];
    const { unfollow } = await a.open(fa, undefined, (nd) => lines.push(nd));
    subs[0]!.v = 2;
    interleave = true;
    a.changed(7);
    await until(async () => parse(lines.join('')).some((e) => (e.data as { v?: number }).v === 2));
    expect(mem.calls.refused).toBe(1);
    // The live client got the other process's event, then this one's newer read: never v 1 again.
    expect(parse(lines.join('')).map((e) => (e.data as { v: number }).v)).toEqual([5, 2]);
    expect(mem.rows.filter((r) => r.id === 's1').map((r) => JSON.parse(r.data!).v)).toEqual([1, 5, 2]);
    unfollow();
    await bus.close();
  });
});
