// Starts the fake Codeforces of the remote judge's tests as a child process (the browser suite
// cannot import the services package) and reads its URL from its first line.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './platform';

export async function startFakeCodeforcesProcess(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(
    join(repoRoot, 'node_modules/.bin/tsx'),
    ['services/src/judge/remote/fakes/serve-codeforces.ts'],
    {
      cwd: repoRoot,
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /FAKE_CF_URL=(\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`fake Codeforces exited (${code})`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
