// Reading what the platform mailed: the SMTP receiver (global setup) writes one JSON file per
// mail into a directory; test workers poll it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { StoredMail } from './smtp';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Undoes the transfer encoding of a single-part text mail (nodemailer picks base64 or quoted-printable). */
export function decodeMail(raw: string): Omit<ReceivedMail, 'to'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable')
    text = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return { subject: header('Subject'), text };
}

const seen = new Set<string>();

function nextMailFor(to: string): ReceivedMail | null {
  const dir = inject('e2e').mailDir;
  for (const file of readdirSync(dir).sort()) {
    if (seen.has(file) || !file.endsWith('.json')) continue;
    const stored = JSON.parse(readFileSync(join(dir, file), 'utf8')) as StoredMail;
    if (!stored.to.includes(to)) continue;
    seen.add(file);
    return { ...decodeMail(stored.raw), to: stored.to };
  }
  return null;
}

export const mailbox = {
  /** The next mail to `to` this test file has not read yet; fails after `timeoutMs`. */
  async next(to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
    const address = to.toLowerCase();
    const until = Date.now() + timeoutMs;
    for (;;) {
      const mail = nextMailFor(address);
      if (mail) return mail;
      if (Date.now() > until) throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  },
  /** The 6-digit verification code of the next mail to `to`. */
  async waitFor(to: string, timeoutMs = 15_000): Promise<string> {
    const mail = await mailbox.next(to, timeoutMs);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`mail to ${to} holds no 6-digit code:\n${mail.text}`);
    return code;
  },
};
