// Fuzz test GENERATED from the request schemas of every registered route (the same schemas the
// OpenAPI document is built from): for each field of the body, query and path, a plausible request
// with that one field replaced by hostile values (huge and fractional numbers, 1e308, NaN strings,
// NUL bytes, 100 kB strings, wrong types, null); malformed bodies; multipart variants for uploads.
// Asserts: never a 5xx, and a refused request leaves the database as it was (no partial write).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { RegisteredRoute } from '../../src/platform/http/app';
import { startSecurityPlatform, type SecurityPlatform } from './platform';
import { seedProtected, type Seeded } from './seed';
import {
  fieldsOf,
  hostileValues,
  overflowIdValues,
  sample,
  type JsonSchema,
  type Picker,
} from './schema-values';
import { isMultipart, multipartBody, routeUrl, type Part } from './requests';

let env: SecurityPlatform;
let seeded: Seeded;
let fingerprintSql = '';

/**
 * Known 5xx of routes outside the security owner's area, reported to their owners instead of
 * edited here (each entry says why). The test prints them on every run; remove an entry once fixed.
 */
const KNOWN_ELSEWHERE: Record<string, string> = {};

/** Tables a refused request may legitimately touch: counters, codes, sessions, rate windows. */
// remote_judge_account: the switch page's account lists are applied to the pool by a bus
// subscriber after the save answers, so an accepted switch update lands during the next request.
// contest_board_lease: the board holder renews its lease every 5 s, whatever the requests do.
const VOLATILE =
  /counter|code|session|auth_state|rate|outbox|_read|_kv|lock|lease|window|heartbeat|^remote_judge_account$/;

beforeAll(async () => {
  env = await startSecurityPlatform();
  seeded = await seedProtected(env.platform.ctx.db as never, env.uids.participant);
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
      where schemaname = 'public' and tablename not like 'kysely%' order by tablename`.execute(
    env.platform.ctx.db,
  );
  const parts = rows
    .map((r) => r.name)
    .filter((n) => !VOLATILE.test(n))
    .map((n) => `(select coalesce(sum(hashtext(t::text)), 0) || ':' || count(*) from "${n}" t)`);
  fingerprintSql = `select concat_ws('|', ${parts.join(', ')}) as f`;
}, 120_000);

afterAll(async () => {
  await env?.close();
});

async function fingerprint(): Promise<string> {
  const { rows } = await sql<{ f: string }>`${sql.raw(fingerprintSql)}`.execute(env.platform.ctx.db);
  return rows[0]!.f;
}

const v0 = () => seeded.variants[0]!;
const pick: Picker = (name, schema: JsonSchema) => {
  const isInt = schema.type === 'integer' || schema.anyOf?.some((a) => a.type === 'integer');
  switch (name) {
    case 'cid':
    case 'contestID':
      return v0().cid;
    case 'pid':
      return v0().pid;
    case 'problemId':
      return isInt ? v0().pid : v0().problemKey;
    case 'submitId':
      return v0().submitId;
    case 'uid':
      return seeded.otherUid;
    default:
      return undefined;
  }
};

/** A few hostile values per field: every kind of value appears, the full set on small schemas. */
function valuesFor(kindValues: unknown[], fieldCount: number): unknown[] {
  const all = [...kindValues, null];
  if (fieldCount <= 4) return all;
  return all.filter((_, i) => i % 2 === 0 || i === all.length - 1);
}

interface Attempt {
  what: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

function attemptsFor(route: RegisteredRoute): Attempt[] {
  const body = route.schema?.body as JsonSchema | undefined;
  const query = route.schema?.querystring as JsonSchema | undefined;
  const params = route.schema?.params as JsonSchema | undefined;
  const baseQuery = (sample(query, pick) ?? {}) as Record<string, unknown>;
  const baseParams = (sample(params, pick) ?? {}) as Record<string, unknown>;
  const baseBody = sample(body, pick) as Record<string, unknown> | undefined;
  const json = (b: unknown) => ({ payload: JSON.stringify(b), contentType: 'application/json' });
  const out: Attempt[] = [];
  const url = (q = baseQuery, p = baseParams) => routeUrl(route.url, p, q);
  for (const f of fieldsOf(query)) {
    for (const v of valuesFor(hostileValues(f), fieldsOf(query).length)) {
      if (v !== null && typeof v === 'object') continue;
      out.push({ what: `query ${f.name}=${short(v)}`, url: url({ ...baseQuery, [f.name]: v ?? '' }) });
    }
  }
  // Every id past 2^31 and 2^53, in every form (repeated query keys for lists): a 400, never a 500.
  for (const f of fieldsOf(query)) {
    for (const v of overflowIdValues(f))
      out.push({ what: `query ${f.name} overflow ${short(v)}`, url: url({ ...baseQuery, [f.name]: v }) });
  }
  for (const f of fieldsOf(params)) {
    for (const v of ['\u0000', 'x'.repeat(5000), '-1', '1e308', '%00', '..%2F..%2Fetc%2Fpasswd']) {
      out.push({ what: `param ${f.name}=${short(v)}`, url: url(baseQuery, { ...baseParams, [f.name]: v }) });
    }
  }
  if (body && !isMultipart(route)) {
    const fields = fieldsOf(body);
    for (const f of fields) {
      for (const v of valuesFor(hostileValues(f), fields.length)) {
        out.push({ what: `body ${f.name}=${short(v)}`, url: url(), ...json({ ...baseBody, [f.name]: v }) });
      }
    }
    for (const f of fields) {
      for (const v of overflowIdValues(f))
        out.push({
          what: `body ${f.name} overflow ${short(v)}`,
          url: url(),
          ...json({ ...baseBody, [f.name]: v }),
        });
    }
    for (const [what, raw] of [
      ['malformed JSON', '{"a":'],
      ['JSON array', '[1,2,3]'],
      ['JSON string', '"x"'],
      ['JSON null', 'null'],
      ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
    ] as const) {
      out.push({ what, url: url(), payload: raw, contentType: 'application/json' });
    }
    out.push({
      what: 'form body',
      url: url(),
      payload: 'a=1&b=2',
      contentType: 'application/x-www-form-urlencoded',
    });
  }
  if (isMultipart(route)) {
    const mp = (what: string, parts: Part[]) => {
      const m = multipartBody(parts);
      out.push({ what, url: url(), payload: m.body, contentType: m.contentType });
    };
    for (const field of ['file', 'image']) {
      mp(`multipart ${field} without file name`, [{ name: field, content: 'PK\u0003\u0004' }]);
      mp(`multipart ${field} empty file`, [{ name: field, filename: 'a.zip', content: Buffer.alloc(0) }]);
      mp(`multipart ${field} not an image or zip`, [
        { name: field, filename: 'a.png', content: '<svg onload=alert(1)></svg>', type: 'image/png' },
      ]);
      mp(`multipart ${field} NUL in name`, [{ name: field, filename: 'a\u0000.zip', content: 'x' }]);
      // Repeated parts (issue #23 item 17): two files of the field, a file in another field too.
      mp(`multipart ${field} twice`, [
        { name: field, filename: 'a.png', content: 'x' },
        { name: field, filename: 'b.png', content: 'y' },
      ]);
      mp(`multipart ${field} and another file`, [
        { name: field, filename: 'a.png', content: 'x' },
        { name: 'other', filename: 'b.zip', content: 'y' },
      ]);
    }
    mp('multipart gid twice, past 2^31', [
      { name: 'gid', content: '2147483648' },
      { name: 'gid', content: '9007199254740993' },
      { name: 'file', filename: 'a.md', content: 'x' },
    ]);
    mp('multipart wrong field', [{ name: 'nope', filename: 'a.zip', content: 'x' }]);
    mp('multipart no parts', []);
    out.push({
      what: 'multipart broken boundary',
      url: url(),
      payload: '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\nx',
      contentType: 'multipart/form-data; boundary=yy',
    });
    out.push({ what: 'JSON to an upload', url: url(), ...json({}) });
  }
  return out;
}

function short(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 24 ? `${s.slice(0, 12)}…(${s.length})` : s;
}

function refused(status: number, body: string): boolean {
  if (status >= 400) return true;
  try {
    const env = JSON.parse(body) as { status?: number };
    return typeof env.status === 'number' && env.status !== 200;
  } catch {
    return false;
  }
}

// The routes are fuzzed in slices, one test each, so each slice has the whole timeout on a loaded machine.
const SLICES = 8;
let attempts = 0;

describe('input fuzz generated from the request schemas of every route', () => {
  it.each([...Array(SLICES).keys()])(
    'slice %i: answers no hostile input with a 5xx and writes nothing when it refuses',
    async (slice) => {
      const app = env.platform.app;
      const all = app.registeredRoutes.filter(
        (r) => r.url.startsWith('/api/') && r.url !== '/api/docs' && !/logout/.test(r.url),
      );
      const size = Math.ceil(all.length / SLICES);
      const routes = all.slice(slice * size, (slice + 1) * size);
      const problems: string[] = [];
      // GET calls are not checked for writes (reads; the rejudge-style GETs are root-only), so the
      // fingerprint is taken around the other methods only: a stale baseline is refreshed first.
      let before = await fingerprint();
      let stale = false;
      for (const route of routes) {
        const writes = route.method !== 'GET';
        for (const a of attemptsFor(route)) {
          attempts++;
          if (writes && stale) {
            before = await fingerprint();
            stale = false;
          }
          const headers: Record<string, string> = { authorization: env.tokens.root };
          if (a.contentType) headers['content-type'] = a.contentType;
          const res = await app.inject({
            method: route.method as 'GET',
            url: a.url,
            headers,
            ...(a.payload !== undefined && route.method !== 'GET' ? { payload: a.payload } : {}),
          });
          const tag = `${route.method} ${route.url} ${a.what}`;
          if (res.statusCode >= 500 && KNOWN_ELSEWHERE[tag]) {
            console.warn(`known elsewhere: ${tag}: ${KNOWN_ELSEWHERE[tag]}`);
            stale = true;
            continue;
          }
          if (res.statusCode >= 500)
            problems.push(`${tag}: HTTP ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (writes) {
            const after = await fingerprint();
            if (after !== before && refused(res.statusCode, res.body))
              problems.push(`${tag}: refused (${res.statusCode} ${res.body.slice(0, 80)}) but wrote`);
            before = after;
          } else stale = true;
          // A route that ended root's session (password, ban) must not end the run.
          if (res.statusCode === 401 || /登录状态已失效/.test(res.body))
            env.tokens.root = await env.relogin('root');
        }
      }
      expect(problems).toEqual([]);
    },
    400_000,
  );

  it('sent more than 1,000 hostile requests in all', () => {
    console.log(`input fuzz: ${attempts} requests`);
    expect(attempts).toBeGreaterThan(1000);
  });
});
