// Drives a running platform the way a client does: REST calls with the token header,
// and a socket.io connection that records every pushed submission update.
import { io, type Socket } from 'socket.io-client';
import { ServerEvents, type SubmissionUpdate } from '@oj/protocol/realtime/events';

export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export class Client {
  token: string | null = null;
  constructor(readonly base: string) {}

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = this.token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const renewed = res.headers.get('authorization');
    if (renewed && (path === '/api/login' || res.headers.get('refresh-token'))) this.token = renewed;
    return (await res.json()) as Envelope<T>;
  }

  async login(username: string, password: string): Promise<void> {
    const r = await this.call('POST', '/api/login', { username, password });
    if (r.status !== 200) throw new Error(`login failed: ${r.msg}`);
  }
}

/** A socket that keeps every submission update it receives, in order. */
export class Watcher {
  readonly updates: SubmissionUpdate[] = [];
  private waiters: (() => void)[] = [];
  private constructor(readonly socket: Socket) {
    socket.on(ServerEvents.submissionUpdated, (u: SubmissionUpdate) => {
      this.updates.push(u);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async connect(base: string, token: string): Promise<Watcher> {
    const socket = io(base, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new Watcher(socket);
  }

  /** Resolves with the updates of one submission once it reaches a final status. */
  async untilFinal(submitId: number, timeoutMs = 60_000): Promise<SubmissionUpdate[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mine = this.updates.filter((u) => u.submitId === submitId);
      const last = mine.at(-1);
      if (last && ![5, 6, 7, 9].includes(last.status)) return mine;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no final verdict for ${submitId}; got ${JSON.stringify(mine.map((u) => u.status))}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  close() {
    this.socket.close();
  }
}

export const SOURCES = {
  cppAc:
    '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<std::endl;return 0;}\n',
  cppWa:
    '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a-b+1<<std::endl;return 0;}\n',
  cppCe: '#include <iostream>\nint main(){ this is not C++ }\n',
  cppTle: 'int main(){volatile unsigned long long x=0;for(;;)x++;}\n',
  cppRe: '#include <cstdlib>\nint main(){int *p=nullptr; *p=1; return 0;}\n',
  pyAc: 'a, b = map(int, input().split())\nprint(a + b)\n',
};
