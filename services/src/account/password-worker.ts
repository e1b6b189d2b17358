// The worker-thread entry of the password hashing pool (password-workers.ts): hashes or checks one
// password per message with the site's argon2 parameters and answers with the result. Bundled as
// its own entry by scripts/build.mjs (dist/services/password-worker.js).
import { parentPort } from 'node:worker_threads';
import argon2 from 'argon2';
import { ARGON2_OPTIONS } from './password-params';

export type HashRequest =
  { id: number; password: string; verify?: undefined } | { id: number; password: string; verify: string };
export type HashReply =
  { id: number; hash: string } | { id: number; ok: boolean } | { id: number; error: string };

parentPort?.on('message', (req: HashRequest) => {
  const reply = (r: HashReply) => parentPort!.postMessage(r);
  if (req.verify !== undefined) {
    // A malformed stored hash is a wrong password, not a crash.
    argon2.verify(req.verify, req.password).then(
      (ok) => reply({ id: req.id, ok }),
      () => reply({ id: req.id, ok: false }),
    );
    return;
  }
  argon2.hash(req.password, ARGON2_OPTIONS).then(
    (hash) => reply({ id: req.id, hash }),
    (err: unknown) => reply({ id: req.id, error: String(err) }),
  );
});
