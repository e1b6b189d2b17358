// /api/ccs: the ICPC Contest API 2023-06 (issue #24). These routes answer in the Contest API's
// shapes, not our envelope: objects and arrays as the specification defines them, failures as
// {code, message} with code = HTTP status (404 unknown object or endpoint, 400 bad since_token /
// since_id, 401/403 refused). Callers: anonymous (public view), our bearer tokens, or HTTP basic
// auth of a site account checked through the account capability's password verification.
import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CcsCollectionQuery,
  CcsContestParams,
  CcsEventFeedQuery,
  CcsObjectParams,
} from '@oj/protocol/contest/ccs/schemas';
import type { App } from '../../platform/http/app';
import type { AuthUser } from '../../platform/http/access';
import { ApiError } from '../../platform/http/errors';
import { CcsError, type CcsService, type ContestView } from './service';
import type { CcsFeeds } from './feed';

/** Checks a username and password; null when they do not match an active account. */
export type CredentialCheck = (username: string, password: string) => Promise<AuthUser | null>;

const anonymous = { access: 'anonymous' } as const;
const hidden = { hide: true } as const;

/** Collections under /contests/{cid}/…, each also served per object at …/{id}. */
type Collection = (s: CcsService, v: ContestView) => Promise<{ id: string }[]> | { id: string }[];

export function collections(s: CcsService): Record<string, Collection> {
  return {
    'judgement-types': () => s.judgementTypes(),
    languages: () => s.languages(),
    problems: (_s, v) => s.problems(v),
    groups: (_s, v) => s.groups(v),
    organizations: (_s, v) => s.organizations(v),
    teams: (_s, v) => s.teams(v),
    accounts: (_s, v) => s.accounts(v),
    persons: (_s, v) => s.persons(v),
    submissions: (_s, v) => s.submissions(v),
    judgements: (_s, v) => s.judgements(v),
    runs: (_s, v) => s.runs(v),
    clarifications: (_s, v) => s.clarifications(v),
    awards: (_s, v) => s.awards(v),
  };
}

/** Successful basic-auth checks are kept a minute (clients poll; each check is an argon2 hash). */
const BASIC_TTL_MS = 60_000;
/** Failed basic-auth checks per client address in a window before it is refused unchecked (429). */
export const BASIC_FAILURES_ALLOWED = 20;
const BASIC_FAILURE_WINDOW_MS = 10 * 60_000;

export function registerCcsRoutes(
  app: App,
  s: CcsService,
  credentials: CredentialCheck,
  feeds: CcsFeeds,
  keepAliveMs = 60_000,
) {
  const basicCache = new Map<string, { user: AuthUser; until: number }>();
  /** Failed checks per address: guessing passwords here costs the same as at the sign-in. */
  const failures = new Map<string, { n: number; since: number }>();

  async function caller(req: FastifyRequest): Promise<AuthUser | null> {
    if (req.user) return req.user;
    const raw = req.headers.authorization;
    const m = typeof raw === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(raw) : null;
    if (!m) return null;
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new CcsError(401, 'malformed basic credentials');
    const key = createHash('sha256').update(decoded).digest('hex');
    const now = Date.now();
    const hit = basicCache.get(key);
    if (hit && hit.until > now) return hit.user;
    const ip = req.ip ?? '';
    let f = failures.get(ip);
    if (f && now - f.since > BASIC_FAILURE_WINDOW_MS) {
      failures.delete(ip);
      f = undefined;
    }
    if (f && f.n >= BASIC_FAILURES_ALLOWED)
      throw new CcsError(429, 'too many failed sign-ins from this address; try again later');
    const user = await credentials(decoded.slice(0, colon), decoded.slice(colon + 1));
    if (!user) {
      if (failures.size > 10_000) failures.clear();
      if (f) f.n++;
      else failures.set(ip, { n: 1, since: now });
      throw new CcsError(401, 'wrong username or password');
    }
    if (basicCache.size > 1000) basicCache.clear();
    basicCache.set(key, { user, until: now + BASIC_TTL_MS });
    return user;
  }

  /** Tokens of an event feed we do not serve yet: every since_token / since_id is refused. */
  function refuseTokens(q: { since_token?: string; since_id?: string }) {
    if (q.since_token !== undefined) throw new CcsError(400, `unknown since_token '${q.since_token}'`);
    if (q.since_id !== undefined)
      throw new CcsError(400, 'since_id is not supported by the 2023-06 Contest API; use since_token');
  }

  async function contestView(req: FastifyRequest<{ Params: { cid: string } }>) {
    return s.view(await caller(req), req.params.cid);
  }

  const plugin = async (api: FastifyInstance) => {
    api.setErrorHandler((err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
      const { code, message } = toCcsError(err);
      if (code >= 500) req.log.error({ err }, 'contest API request failed');
      if (code === 401) reply.header('WWW-Authenticate', 'Basic realm="contest api"');
      return reply.code(code).send({ code, message });
    });
    api.setNotFoundHandler((req, reply) =>
      reply.code(404).send({ code: 404, message: `no Contest API endpoint at ${req.method} ${req.url}` }),
    );
    api.addHook('onSend', async (_req, reply, payload) => {
      reply.header('Access-Control-Allow-Origin', '*');
      return payload;
    });

    const opts = { config: anonymous, schema: { ...hidden, querystring: CcsCollectionQuery } };
    api.get('/', opts, async () => s.apiInfo());
    api.get('/contests', opts, async (req) => {
      refuseTokens(req.query as never);
      return s.contests(await caller(req));
    });
    const contestOpts = {
      config: anonymous,
      schema: { ...hidden, params: CcsContestParams, querystring: CcsCollectionQuery },
    };
    const objectOpts = {
      config: anonymous,
      schema: { ...hidden, params: CcsObjectParams, querystring: CcsCollectionQuery },
    };
    api.get('/contests/:cid', contestOpts, async (req) => s.contestOf((await contestView(req as never)).c));
    api.get('/contests/:cid/state', contestOpts, async (req) => s.state(await contestView(req as never)));
    api.get('/contests/:cid/access', contestOpts, async (req) => s.access(await contestView(req as never)));
    api.get('/contests/:cid/scoreboard', contestOpts, async (req) => {
      refuseTokens(req.query as never);
      return s.scoreboard(await contestView(req as never));
    });
    for (const [name, read] of Object.entries(collections(s))) {
      api.get(`/contests/:cid/${name}`, contestOpts, async (req) => {
        refuseTokens(req.query as never);
        return read(s, await contestView(req as never));
      });
      api.get(`/contests/:cid/${name}/:id`, objectOpts, async (req) => {
        const { id } = req.params as { id: string };
        const found = (await read(s, await contestView(req as never))).find((o) => o.id === id);
        if (!found) throw new CcsError(404, `${name} object ${id} not found`);
        return found;
      });
    }
    // The event feed: NDJSON lines {type, id, data, token}; stream=false ends after what is there,
    // otherwise changes follow as they happen with a newline as keep-alive.
    api.get(
      '/contests/:cid/event-feed',
      { config: anonymous, schema: { ...hidden, params: CcsContestParams, querystring: CcsEventFeedQuery } },
      async (req, reply) => {
        const q = req.query as { since_token?: string; since_id?: string; stream?: string };
        if (q.since_id !== undefined)
          throw new CcsError(400, 'since_id is not supported by the 2023-06 Contest API; use since_token');
        const feed = await feeds.feedFor(await caller(req), (req.params as { cid: string }).cid);
        if (q.stream === 'false') {
          const { backlog } = await feeds.open(feed, q.since_token);
          return reply.type('application/x-ndjson').header('Access-Control-Allow-Origin', '*').send(backlog);
        }
        // The backlog and the live events after it, with no gap: taken together, before the hijack.
        let raw: typeof reply.raw | null = null;
        const early: string[] = [];
        const { backlog, unfollow } = await feeds.open(feed, q.since_token, (ndjson) => {
          if (raw) raw.write(ndjson);
          else early.push(ndjson);
        });
        reply.hijack();
        const out = (raw = reply.raw);
        out.writeHead(200, {
          'content-type': 'application/x-ndjson',
          'cache-control': 'no-store',
          'access-control-allow-origin': '*',
          'x-accel-buffering': 'no',
        });
        // Headers now: a resumed client with nothing to read yet would otherwise wait for the keep-alive.
        out.flushHeaders();
        if (backlog.length > 0 || early.length > 0) out.write(backlog + early.join(''));
        const keepAlive = setInterval(() => out.write('\n'), keepAliveMs);
        keepAlive.unref?.();
        out.once('close', () => {
          clearInterval(keepAlive);
          unfollow();
        });
      },
    );
    api.get('/contests/:cid/submissions/:id/files', objectOpts, async (req, reply) => {
      const v = await contestView(req as never);
      const { name, bytes } = await s.submissionFiles(v, (req.params as { id: string }).id);
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(Buffer.from(bytes));
    });
  };
  return app.register(plugin, { prefix: '/api/ccs' });
}

/** Any failure as the Contest API's {code, message}. */
export function toCcsError(err: unknown): { code: number; message: string } {
  if (err instanceof CcsError) return { code: err.code, message: err.message };
  const e = err as { validation?: unknown; statusCode?: number; message?: string };
  if (e && e.validation) return { code: 400, message: e.message ?? 'bad request' };
  if (err instanceof ApiError) {
    const code =
      err.httpStatus >= 400 ? err.httpStatus : err.status >= 400 && err.status < 600 ? err.status : 400;
    return { code, message: err.message };
  }
  if (e && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    return { code: e.statusCode, message: e.message ?? 'bad request' };
  return { code: 500, message: 'internal error' };
}
