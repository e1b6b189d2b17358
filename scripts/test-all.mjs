#!/usr/bin/env node
// The one test command (README, .ci/run): unit and integration tests of every workspace
// (integration tests run each storage and bus backend), then the browser tests.
// Prints one closing line "tests: N passed, N failed" and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'artifacts', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const suites = [
  { name: 'protocol', cwd: 'protocol' },
  { name: 'judge-runner', cwd: 'judge-runner' },
  { name: 'services', cwd: 'services' },
  { name: 'services-solo', cwd: 'services', config: 'vitest.solo.config.ts' },
  { name: 'web', cwd: 'web' },
  { name: 'browser', cwd: 'web', config: 'vitest.browser.config.ts' },
];

let passed = 0;
/** Tests that failed once and passed on CI's retry: reported, so a flaky test is seen and fixed. */
const flaky = [];
let failed = 0;
let skipped = 0;
const problems = [];
// TEST_SUITES=protocol,web runs only those suites (for checking this script; CI runs them all).
const only = process.env.TEST_SUITES?.split(',');
for (const s of suites) {
  if (only && !only.includes(s.name)) continue;
  const cwd = join(root, s.cwd);
  if (!existsSync(join(cwd, 'package.json'))) continue;
  if (s.config && !existsSync(join(cwd, s.config))) continue;
  const report = join(out, `${s.name}.json`);
  const args = [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--passWithNoTests',
  ];
  if (s.config) args.push('--config', s.config);
  console.log(`\n=== ${s.name} ===`);
  let r = spawnSync('npx', args, { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  if (!existsSync(report)) {
    failed += 1;
    problems.push(`${s.name}: no report (exit ${r.status})`);
    continue;
  }
  const j = JSON.parse(readFileSync(report, 'utf8'));
  // Under CI a file that still failed (a test failing twice, or a failing setup hook, which the
  // per-test retry does not cover) runs once more on its own; if it passes then, it is listed with
  // the flaky tests and its first failure, never hidden.
  const failedFiles = (j.testResults ?? []).filter((f) => f.status === 'failed');
  if (process.env.CI && failedFiles.length > 0 && failedFiles.length <= 3) {
    const rerunReport = join(out, `${s.name}.rerun.json`);
    console.log(`\n=== ${s.name}: running ${failedFiles.length} failed file(s) again ===`);
    const rerun = spawnSync(
      'npx',
      [
        ...args.filter((a) => !a.startsWith('--outputFile')),
        `--outputFile.json=${rerunReport}`,
        ...failedFiles.map((f) => f.name),
      ],
      { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } },
    );
    if (existsSync(rerunReport)) {
      const again = JSON.parse(readFileSync(rerunReport, 'utf8'));
      const againFiles = new Map((again.testResults ?? []).map((f) => [f.name, f]));
      const mended = failedFiles.filter((f) => againFiles.get(f.name)?.status === 'passed');
      for (const f of mended) {
        const first =
          f.message || f.assertionResults?.find((t) => t.status === 'failed')?.failureMessages?.[0] || '';
        flaky.push(
          `${s.name}: ${f.name.replace(root, '')} (whole file, on its rerun): ${String(first).split('\n')[0].slice(0, 300)}`,
        );
        const before = f.assertionResults ?? [];
        const after = againFiles.get(f.name).assertionResults ?? [];
        j.numPassedTests +=
          after.filter((t) => t.status === 'passed').length -
          before.filter((t) => t.status === 'passed').length;
        j.numFailedTests -= before.filter((t) => t.status === 'failed').length;
        j.numPendingTests -= before.filter((t) => ['pending', 'skipped'].includes(t.status)).length;
        j.testResults = j.testResults.map((x) => (x === f ? againFiles.get(f.name) : x));
      }
      if (mended.length === failedFiles.length && rerun.status === 0) r = rerun;
    }
  }
  for (const file of j.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'passed' && t.failureMessages?.length)
        flaky.push(
          `${s.name}: ${file.name.replace(root, '')} > ${t.fullName}: ${String(t.failureMessages[0])
            .split('\n')[0]
            .slice(0, 300)}`,
        );
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  if (j.numFailedTests > 0 || r.status !== 0) {
    problems.push(`${s.name}: ${j.numFailedTests} failed (exit ${r.status})`);
    // name each failed test here too: CI keeps only the tail of the log
    for (const file of j.testResults ?? []) {
      if (file.status === 'failed' && file.message)
        problems.push(
          `  × ${file.name.replace(root, '')}: ${String(file.message).split('\n')[0].slice(0, 300)}`,
        );
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed')
          problems.push(
            `  × ${file.name.replace(root, '')} > ${t.fullName}: ${String(t.failureMessages?.[0] ?? '')
              .split('\n')[0]
              .slice(0, 300)}`,
          );
    }
  }
  if (r.status !== 0 && j.numFailedTests === 0) failed += 1; // a suite-level failure (e.g. a file that does not load)
}

if (flaky.length) console.log(`\nPassed only on the retry (flaky, to fix):\n  ${flaky.join('\n  ')}`);
if (problems.length) console.log(`\nFailures:\n  ${problems.join('\n  ')}`);
console.log(
  `\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${flaky.length ? `, ${flaky.length} passed on a retry` : ''}`,
);
process.exit(failed > 0 ? 1 : 0);
