// The worker-thread entry of the password hashing pool (password-workers.ts): hashes one password
// per message with the site's argon2 parameters and answers with the encoded hash. Bundled as its
// own entry by scripts/build.mjs (dist/services/password-worker.js).
import { parentPort } from 'node:worker_threads';
import argon2 from 'argon2';
import { ARGON2_OPTIONS } from './passwords';

export interface HashRequest {
  id: number;
  password: string;
}
export type HashReply = { id: number; hash: string } | { id: number; error: string };

parentPort?.on('message', (req: HashRequest) => {
  argon2.hash(req.password, ARGON2_OPTIONS).then(
    (hash) => parentPort!.postMessage({ id: req.id, hash } satisfies HashReply),
    (err: unknown) => parentPort!.postMessage({ id: req.id, error: String(err) } satisfies HashReply),
  );
});
