import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestLanguage, translateEnvelope, translateMessage } from './message-catalog';
import './messages.en';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import { API_DOCS_PAGE, API_DOCS_SCRIPT } from './api-docs-page';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { ApiError, BusyError, Messages, busyRetryIn } from './errors';
import {
  createLoadGauge,
  DEFAULT_SHEDDING,
  shedExempt,
  type LoadGauge,
  type SheddingOptions,
} from './load-shedding';
import { containsNul, hardenSchema } from './request-bounds';
import { corsOriginAllowed, SECURITY_HEADERS } from './security-headers';
import {
  decideAccess,
  type AccessLevel,
  type AuthOutcome,
  type Authenticator,
  type AuthUser,
} from './access';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Access level of the route; routes that do not say are login-only (the safe default). */
    access?: AccessLevel;
    roles?: readonly string[];
    permissions?: readonly string[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
    token: string | null;
  }
  interface FastifyInstance {
    /** Every route registered on the app, in registration order (the security tests walk it). */
    registeredRoutes: RegisteredRoute[];
    /** In-flight API requests and event-loop lag, which load shedding reads. */
    loadGauge: LoadGauge;
  }
}

/** What the app knows of a route: method, path, access config and request schemas. */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: { access?: AccessLevel; roles?: readonly string[]; permissions?: readonly string[] };
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; consumes?: readonly string[] };
}

export interface AppOptions {
  /** A pino logger shared with the rest of the process; no logging when absent. */
  logger?: FastifyBaseLogger;
  /** Folder of the built web client, served with a history-mode fallback to index.html. */
  webRoot?: string;
  /** Resolves tokens; absent means every caller is anonymous. */
  authenticator?: Authenticator;
  /** Readiness probe of dependencies (database, bus). */
  ready?: () => Promise<void>;
  /** Largest request body, in bytes (uploads set their own limits). */
  bodyLimit?: number;
  /** Origins (scheme://host[:port]) other than the API's own that may call it with credentials. */
  allowedOrigins?: readonly string[];
  /**
   * Reverse proxies (addresses or CIDR ranges, OJ_TRUST_PROXY) whose X-Forwarded-For names the
   * client (req.ip); default none: the connection's address, whatever the headers say.
   */
  trustProxy?: readonly string[] | false;
  /** Load shedding bounds (load-shedding.ts); `false` turns shedding off. */
  shedding?: Partial<SheddingOptions> | false;
  /**
   * Node's server timeouts: a request must arrive whole within `requestTimeoutMs` (default 300 s:
   * a 512 MiB test-case zip at 2 MB/s), and a connection idle for `connectionTimeoutMs`
   * (default 120 s) is closed, so slow or stalled clients cannot hold sockets forever.
   */
  requestTimeoutMs?: number;
  connectionTimeoutMs?: number;
  /**
   * A GET API request not answered within this many ms (default 60 s; 0: none) is answered "busy,
   * retry in N s" (503, Retry-After) instead of leaving the client waiting on a stalled dependency;
   * reads only, so the late work can change nothing the client was told.
   */
  readAnswerTimeoutMs?: number;
}

const EXPOSE_HEADERS = 'Refresh-Token,Authorization,Url-Type,Content-disposition,Content-Type';

/** Builds the Fastify app with the envelope, error catalogue, access control, request ids and OpenAPI. */
export async function buildApp(opts: AppOptions = {}): Promise<App> {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    bodyLimit: opts.bodyLimit ?? 4 * 1024 * 1024,
    trustProxy: opts.trustProxy ? [...opts.trustProxy] : false,
    requestTimeout: opts.requestTimeoutMs ?? 300_000,
    connectionTimeout: opts.connectionTimeoutMs ?? 120_000,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
        verbose: true,
        keywords: ['errorMessage'],
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as App;

  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    for (const part of ['body', 'querystring', 'params', 'headers']) hardenSchema(schema?.[part]);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      registeredRoutes.push({
        method,
        url: route.url,
        config: (route.config ?? {}) as RegisteredRoute['config'],
        schema: route.schema as RegisteredRoute['schema'],
      });
    }
  });

  await app.register(multipart, { limits: { fileSize: 128 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Online Judge API',
        version: '1.0.0',
        description: 'REST API; every JSON response is an envelope {status, msg, data}.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
  });

  const shedding: SheddingOptions =
    opts.shedding === false
      ? { ...DEFAULT_SHEDDING, maxInFlight: 0, maxLagMs: 0 }
      : { ...DEFAULT_SHEDDING, ...opts.shedding };
  const gauge = createLoadGauge(shedding);
  app.decorate('loadGauge', gauge);
  app.addHook('onClose', async () => gauge.close());

  // Load shedding first: a refused request costs no authentication, no body, no database.
  app.addHook('onRequest', async (req, reply) => {
    if (shedExempt(req.method, req.url)) return;
    if (gauge.overloaded()) {
      const msg = busyRetryIn(shedding.retryAfterS);
      reply.header('Retry-After', String(shedding.retryAfterS));
      reply.headers(SECURITY_HEADERS);
      return reply.code(503).send({
        status: 503,
        msg: translateMessage(msg, requestLanguage(req.headers['accept-language'])),
        data: null,
      });
    }
    gauge.enter();
    const readTimeoutMs = opts.readAnswerTimeoutMs ?? 60_000;
    const late =
      req.method === 'GET' && readTimeoutMs > 0
        ? setTimeout(() => {
            if (reply.sent || reply.raw.headersSent) return;
            req.log.warn({ url: req.url, ms: readTimeoutMs }, 'read not answered in time');
            reply
              .code(503)
              .header('Retry-After', String(shedding.retryAfterS))
              .send({
                status: 503,
                msg: translateMessage(
                  busyRetryIn(shedding.retryAfterS),
                  requestLanguage(req.headers['accept-language']),
                ),
                data: null,
              });
          }, readTimeoutMs)
        : null;
    reply.raw.once('close', () => {
      gauge.leave();
      if (late) clearTimeout(late);
    });
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.headers(SECURITY_HEADERS);
    const origin = req.headers.origin;
    // Credentials only for the site's own origin and configured ones, never a reflected stranger.
    if (origin && corsOriginAllowed(origin, req.headers.host, opts.allowedOrigins ?? [])) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
      reply.header('Vary', 'Origin');
    }
    reply.header('Access-Control-Allow-Methods', 'GET,POST,OPTIONS,PUT,DELETE');
    const reqHeaders = req.headers['access-control-request-headers'];
    if (reqHeaders) reply.header('Access-Control-Allow-Headers', reqHeaders);
    reply.header('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    if (req.method === 'OPTIONS') return reply.code(200).send('');
  });

  // Authentication and the route's access rule run first (onRequest): before the body is read,
  // parsed or validated, so an anonymous caller learns nothing from validation messages and an
  // upload is refused before a byte of it is buffered.
  app.addHook('onRequest', async (req, reply) => {
    const cfg = req.routeOptions.config;
    // Only the API is access-controlled; static files of the web client and probes are public.
    const url = req.routeOptions.url;
    if (!url || !url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const route = { access: cfg.access ?? 'login', roles: cfg.roles, permissions: cfg.permissions };
    const raw = req.headers.authorization;
    const token = typeof raw === 'string' && raw.trim() ? raw.trim().replace(/^Bearer\s+/i, '') : null;
    let outcome: AuthOutcome | null = null;
    if (token && opts.authenticator) {
      outcome = await opts.authenticator.authenticate(token, route.access !== 'anonymous');
    }
    const decision = decideAccess(route, outcome);
    const urlType = req.headers['url-type'];
    if (!decision.allow) {
      if (typeof urlType === 'string') reply.header('Url-Type', urlType);
      const msg =
        decision.msg ?? (decision.httpStatus === 401 ? Messages.LOGIN_FIRST : Messages.NO_PERMISSION);
      throw new ApiError(decision.httpStatus, msg, decision.httpStatus);
    }
    req.user = decision.user;
    req.token = decision.user && outcome?.kind === 'ok' ? outcome.token : null;
    if (outcome?.kind === 'ok' && outcome.renewedToken) {
      reply.header('Authorization', outcome.renewedToken);
      reply.header('Refresh-Token', 'true');
      if (typeof urlType === 'string') reply.header('Url-Type', urlType);
    }
  });

  app.addHook('preValidation', async (req) => {
    if (containsNul(req.query) || containsNul(req.params) || containsNul(req.body))
      throw new ApiError(400, Messages.NUL_CHARACTER, 400);
  });

  app.setErrorHandler((err: FastifyError | ApiError, req: FastifyRequest, reply: FastifyReply) => {
    const { httpStatus, status, msg, data } = toEnvelopeError(err);
    if (err instanceof BusyError) reply.header('Retry-After', String(err.retryAfterS));
    else if (httpStatus >= 500) req.log.error({ err }, 'unhandled error');
    const text = translateMessage(msg, requestLanguage(req.headers['accept-language']));
    return reply.code(httpStatus).send({ status, msg: text, data });
  });
  // Success envelopes' msg in the asked language too (issue #16).
  app.addHook('preSerialization', async (req, _reply, payload) =>
    translateEnvelope(payload, req.headers['accept-language']),
  );

  if (opts.webRoot) {
    await app.register(fastifyStatic, { root: opts.webRoot, index: ['index.html'], wildcard: true });
  }
  app.setNotFoundHandler((req, reply) => {
    // History-mode client routes (/problem/1000, ...) get the app shell; API paths get the envelope.
    const isPage = req.method === 'GET' && !/^\/(api|socket\.io)(\/|$)/.test(req.url);
    if (opts.webRoot && isPage) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ status: 404, msg: Messages.NOT_FOUND_PATH, data: null });
  });

  app.get('/healthz', { config: { access: 'anonymous' }, schema: { hide: true } }, async () => ({
    status: 'ok',
  }));
  app.get('/readyz', { config: { access: 'anonymous' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await opts.ready?.();
      return { status: 'ready' };
    } catch (err) {
      return reply.code(503).send({ status: 'not ready', reason: (err as Error).message });
    }
  });
  // The OpenAPI document: a browsable page for browsers, the JSON for everyone else and at /api/docs/json.
  app.get('/api/docs', { config: { access: 'anonymous' }, schema: { hide: true } }, async (req, reply) =>
    /text\/html/.test(req.headers.accept ?? '')
      ? reply.type('text/html; charset=utf-8').send(API_DOCS_PAGE)
      : app.swagger(),
  );
  app.get(
    '/api/docs/page.js',
    { config: { access: 'anonymous' }, schema: { hide: true } },
    async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(API_DOCS_SCRIPT),
  );
  app.get('/api/docs/json', { config: { access: 'anonymous' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  return app;
}

/** Maps any thrown value to the HTTP status and envelope the client sees (reference/api/core.md §0.2). */
export function toEnvelopeError(err: unknown): {
  httpStatus: number;
  status: number;
  msg: string;
  data: unknown;
} {
  if (err instanceof ApiError)
    return { httpStatus: err.httpStatus, status: err.status, msg: err.message, data: err.data };
  const e = err as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
  if (e.validation?.length)
    return {
      httpStatus: 400,
      status: 400,
      msg: validationMessage(e.validation[0]!, e.validationContext),
      data: null,
    };
  // A full disk (the process's own writes, or PostgreSQL's disk_full 53100) says so (issue #23.5).
  if (isDiskFull(err)) return { httpStatus: 507, status: 500, msg: Messages.DISK_FULL, data: null };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { httpStatus: 415, status: 400, msg: Messages.MEDIA_TYPE, data: null };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { httpStatus: 400, status: 400, msg: Messages.BAD_JSON, data: null };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { httpStatus: 413, status: 400, msg: 'Exceed max size limit', data: null };
  }
  // A malformed multipart body (busboy's parse errors carry no code or status).
  if (e.message && MULTIPART_PARSE_ERROR.test(e.message))
    return { httpStatus: 400, status: 400, msg: Messages.BAD_JSON, data: null };
  if (err instanceof SyntaxError || e.statusCode === 400)
    return { httpStatus: 400, status: 400, msg: Messages.BAD_JSON, data: null };
  // Other client errors raised by plugins (e.g. a forbidden static path) keep their status.
  if (e.statusCode === 403 || e.statusCode === 404)
    return {
      httpStatus: e.statusCode,
      status: e.statusCode,
      msg: e.statusCode === 404 ? Messages.NOT_FOUND_PATH : Messages.NO_PERMISSION,
      data: null,
    };
  if (e.statusCode === 405)
    return { httpStatus: 405, status: 400, msg: Messages.METHOD_NOT_ALLOWED, data: null };
  return { httpStatus: 500, status: 500, msg: Messages.SERVER_ERROR, data: null };
}

/** ENOSPC / EDQUOT from a write, or PostgreSQL's disk_full, anywhere in the error's cause chain. */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const MULTIPART_PARSE_ERROR =
  /^(Unexpected end of (multipart data|form)|Malformed part header|Multipart: Boundary not found|Malformed urlencoded form)/;

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { errorMessage?: string };
}

function validationMessage(issue: ValidationIssue, context?: string): string {
  if (issue.parentSchema?.errorMessage) return issue.parentSchema.errorMessage;
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') {
    const name = String(issue.params.missingProperty);
    if (context === 'querystring')
      return `${Messages.MISSING_PARAM}Required parameter '${name}' is not present`;
    return `${name} must not be null`;
  }
  return `${field || context || 'request'} ${issue.message ?? 'is invalid'}`.trim();
}
