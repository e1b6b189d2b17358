// @oj/sdk: a typed client for the online judge's /api, for scripts and bots. The paths, queries,
// bodies and answers are the types openapi-typescript generated from the platform's OpenAPI
// document (src/schema.d.ts); the calls are openapi-fetch's. Answers are the server's envelope
// {status, msg, data} as sent: nothing is unwrapped, so callers read `data.data` and see `msg`.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, paths } from './schema';

export interface OjClientOptions {
  /** The judge's origin, e.g. `http://localhost:8080` (the paths carry `/api`). */
  baseUrl: string;
  /** A token from an earlier login; a login through this client replaces it. */
  token?: string;
  /** Another fetch (a test's, or one with a proxy); the global fetch by default. */
  fetch?: (input: Request) => Promise<Response>;
}

export interface OjClient extends Client<paths> {
  /** The token this client sends as `Authorization`, if it has one. */
  token(): string | undefined;
  /** Sends this token from now on (undefined: sends none). */
  setToken(token: string | undefined): void;
}

/**
 * A client for the judge at `baseUrl`. The server hands its token out in the `Authorization`
 * header of the login answer (and of any answer that renews it); the client keeps the latest one
 * and sends it on every call.
 */
export function createOjClient(options: OjClientOptions): OjClient {
  let token = options.token;
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  const authorization: Middleware = {
    onRequest({ request }) {
      if (token) request.headers.set('Authorization', token);
      return request;
    },
    onResponse({ response }) {
      const issued = response.headers.get('Authorization');
      if (issued) token = issued;
      return response;
    },
  };
  client.use(authorization);
  return Object.assign(client, {
    token: () => token,
    setToken: (next: string | undefined) => {
      token = next;
    },
  });
}
