// `npm run bench -w @oj/services`: runs every benchmark of the services in turn (or the ones named
// on the command line). Each writes its numbers to bench-results/<name>.json and prints them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('.', import.meta.url).pathname;
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['run.ts'].includes(f) && !f.startsWith('support'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.ts$/, '')));

let failed = 0;
for (const f of benches) {
  console.log(`\n=== bench ${f} ===`);
  const r = spawnSync(join(dir, '../../node_modules/.bin/tsx'), [join(dir, f)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
if (!existsSync(join(dir, '../bench-results'))) console.log('no results written');
process.exit(failed ? 1 : 0);
