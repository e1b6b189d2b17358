// The fake Codeforces as a process of its own (browser tests): prints `FAKE_CF_URL=<url>` and
// serves until killed. Account `tourist` / `secret-1`.
import { startFakeCodeforces } from './codeforces';

const fake = await startFakeCodeforces({ tourist: 'secret-1' });
process.stdout.write(`FAKE_CF_URL=${fake.url}\n`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
