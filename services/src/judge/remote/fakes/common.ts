// Shared plumbing of the fake remote judges the tests run locally: a tiny HTTP server with
// cookies and form bodies, and the verdict a fake gives a code (decided by markers in the code).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  cookies: Record<string, string>;
  form: Record<string, string>;
  json: unknown;
  raw: string;
  authorization: string | undefined;
}

export interface FakeReply {
  status?: number;
  body?: string;
  headers?: Record<string, string | string[]>;
}

export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

export async function startFake(handler: FakeHandler): Promise<FakeServer> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const type = req.headers['content-type'] ?? '';
      let json: unknown = null;
      const form: Record<string, string> = {};
      if (type.includes('application/json') && raw) json = JSON.parse(raw);
      else for (const [k, v] of new URLSearchParams(raw)) form[k] = v;
      Promise.resolve(
        handler({
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          cookies: parseCookies(req.headers.cookie),
          form,
          json,
          raw,
          authorization: req.headers.authorization,
        }),
      ).then(
        (reply) => {
          res.writeHead(reply.status ?? 200, {
            'content-type': 'text/html; charset=utf-8',
            ...reply.headers,
          });
          res.end(reply.body ?? '');
        },
        (err: Error) => {
          res.writeHead(500);
          res.end(err.message);
        },
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type FakeVerdict = 'AC' | 'WA' | 'CE' | 'NEVER';

/** Markers in the submitted code decide the fake's verdict. */
export function verdictOf(code: string): FakeVerdict {
  if (code.includes('REMOTE_NEVER')) return 'NEVER';
  if (code.includes('#error')) return 'CE';
  if (code.includes('REMOTE_WRONG')) return 'WA';
  return 'AC';
}

export const COMPILE_ERROR_TEXT = 'program.cpp:1:2: error: #error remote compile failure';

export const redirect = (location: string, cookies: string[] = []): FakeReply => ({
  status: 302,
  headers: { location, ...(cookies.length ? { 'set-cookie': cookies } : {}) },
});
