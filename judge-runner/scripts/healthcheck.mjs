#!/usr/bin/env node
// Container health check of a judge runner: healthy while the runner's last successful heartbeat
// (written to OJ_JUDGE_HEALTH_FILE after each publish, every 5 s) is at most 20 s old.
import { statSync } from 'node:fs';

const file = process.env.OJ_JUDGE_HEALTH_FILE;
if (!file) {
  console.error('OJ_JUDGE_HEALTH_FILE is not set');
  process.exit(1);
}
try {
  const age = Date.now() - statSync(file).mtimeMs;
  if (age > 20_000) {
    console.error(`last heartbeat ${Math.round(age / 1000)} s ago`);
    process.exit(1);
  }
} catch {
  console.error('no heartbeat yet');
  process.exit(1);
}
