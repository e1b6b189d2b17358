// A real SMTP receiver for the browser tests. Each accepted mail is written as one JSON file
// into a directory, so test workers (other processes) can read what the platform sent.
import { once } from 'node:events';
import { renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface StoredMail {
  to: string[];
  raw: string;
  receivedAt: number;
}

export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpReceiver(mailDir: string): Promise<SmtpReceiver> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    // nodemailer would upgrade to TLS when offered; a local receiver has no certificate to offer.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        };
        count += 1;
        // Written under a temporary name and renamed, so a reader polling the directory never
        // sees a half-written file (it once parsed one and failed a suite's setup).
        const name = join(mailDir, `${String(count).padStart(5, '0')}.json`);
        writeFileSync(`${name}.part`, JSON.stringify(mail));
        renameSync(`${name}.part`, name);
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
