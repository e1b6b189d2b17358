// Outgoing mail. With SMTP configured, mail goes out through nodemailer; without it,
// mail is kept in the outbox table and logged, so a local install still works
// (a developer reads the register code from the log). Every mail gets an outbox row.
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../config';
import type { MailTables } from './tables';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True when an SMTP server is configured. */
  readonly delivers: boolean;
  /** Sends (or keeps) one mail; rejects when the SMTP server refuses it. */
  send(mail: Mail): Promise<void>;
  /** Sends in the background; failures are logged. */
  sendLater(mail: Mail): void;
  /** Waits for every background send started so far. */
  flush(): Promise<void>;
}

export function createMailer(opts: {
  config: MailConfig | null;
  db: Kysely<MailTables>;
  log: FastifyBaseLogger;
}): Mailer {
  const { config, db, log } = opts;
  const transport = config
    ? nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        auth: config.user ? { user: config.user, pass: config.pass ?? '' } : undefined,
      })
    : null;
  const pending = new Set<Promise<void>>();

  async function record(mail: Mail, status: string, error: string | null): Promise<void> {
    await db
      .insertInto('mail_outbox')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        body: mail.text,
        status,
        error,
        sent_at: status === 'sent' ? new Date() : null,
      })
      .execute();
  }

  async function send(mail: Mail): Promise<void> {
    if (!transport || !config) {
      log.info(
        { to: mail.to, subject: mail.subject, body: mail.text },
        'mail not configured: kept in outbox',
      );
      await record(mail, 'kept', null);
      return;
    }
    try {
      await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text });
    } catch (err) {
      await record(mail, 'failed', (err as Error).message).catch(() => undefined);
      throw err;
    }
    await record(mail, 'sent', null);
  }

  return {
    delivers: transport !== null,
    send,
    sendLater(mail) {
      const p = send(mail)
        .catch((err: unknown) => log.error({ err, to: mail.to }, 'mail delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}

/** Outbox rows, newest first, optionally for one address (operators and tests read codes here). */
export async function listOutbox(
  db: Kysely<MailTables>,
  to?: string,
): Promise<{ to: string; subject: string; body: string; status: string }[]> {
  let q = db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'body', 'status'])
    .orderBy('id', 'desc');
  if (to !== undefined) q = q.where('to_address', '=', to);
  const rows = await q.execute();
  return rows.map((r) => ({ to: r.to_address, subject: r.subject, body: r.body, status: r.status }));
}
