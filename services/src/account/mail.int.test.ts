import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { DB_KINDS } from '../../test/support/db';
import { listOutbox } from '../platform/mail/mailer';
import { loginAs, PASSWORD, startHarness, type Harness } from './harness.test-support';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP receiver on a free local port; refuses mail to refuse@example.com. */
async function startSmtp() {
  const inbox: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address === 'refuse@example.com') return cb(new Error('mailbox unavailable'));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((w) => w());
        cb();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  const next = (to: string) =>
    new Promise<Received>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail for ${to} within 10 s`)), 10_000);
      const check = () => {
        const m = inbox.find((x) => x.to.includes(to));
        if (m) {
          clearTimeout(timer);
          resolve(m);
        } else waiters.push(check);
      };
      check();
    });
  return { port, next, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(DB_KINDS)('mail over SMTP on %s', (kind) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    h = await startHarness(kind, {
      mail: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: undefined,
        pass: undefined,
        from: 'oj@test.local',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  it('delivers the register code, and registering with it works', async () => {
    expect(h.cap.mailer.delivers).toBe(true);
    const r = await h.app.inject({ method: 'GET', url: '/api/get-register-code?email=newbie@example.com' });
    expect(r.json().status).toBe(200);
    const mail = await smtp.next('newbie@example.com');
    expect(mail.raw).toContain('From: oj@test.local');
    const code = mail.raw.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const reg = await h.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'newbie', password: PASSWORD, email: 'newbie@example.com', code },
    });
    expect(reg.json()).toEqual({ status: 200, msg: 'success', data: null });
    expect((await loginAs(h.app, 'newbie')).split('.')).toHaveLength(3);
    await h.cap.mailer.flush();
    expect((await listOutbox(h.db, 'newbie@example.com'))[0]?.status).toBe('sent');
  });

  it('a refused change-email mail is a server error and is recorded as failed', async () => {
    const alice = await loginAs(h.app, 'alice');
    const r = await h.app.inject({
      method: 'GET',
      url: '/api/get-change-email-code?email=refuse@example.com',
      headers: { authorization: alice },
    });
    expect(r.json()).toEqual({ status: 500, msg: 'Server Error! Please try Again later!', data: null });
    expect((await listOutbox(h.db, 'refuse@example.com'))[0]?.status).toBe('failed');
  });
});
