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
  /** Raw bytes sent instead of `body` (pages in another charset, e.g. HDU's GBK). */
  bytes?: Buffer;
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
          res.end(reply.bytes ?? reply.body ?? '');
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

let gbkTable: Map<string, Buffer> | null = null;

/**
 * `text` in GBK bytes, as HDU serves its pages (Node decodes GBK but has no encoder, so the
 * table is the decoder's, reversed: every two-byte sequence decoded once).
 */
export function gbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++)
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const pair = Buffer.from([lead, trail]);
        const ch = decoder.decode(pair);
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, pair);
      }
  }
  const out: Buffer[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(Buffer.from([code]));
    else {
      const pair = gbkTable.get(ch);
      if (!pair) throw new Error(`no GBK code for ${ch}`);
      out.push(pair);
    }
  }
  return Buffer.concat(out);
}
