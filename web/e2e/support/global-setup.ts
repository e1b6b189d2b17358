// Global setup of the browser suite: the web build, a real SMTP receiver, the platform's
// one-process start on a fresh data directory, and one Chromium that every test file connects to.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './chromium';
import { ensureWebBuild, repoRoot, startPlatform } from './platform';
import { startSmtpReceiver } from './smtp';
import { startFakeCodeforcesProcess } from './remote-fake';

export interface E2eEnv {
  baseUrl: string;
  wsEndpoint: string;
  mailDir: string;
  rootPassword: string;
  screenshotDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eEnv;
  }
}

const ROOT_PASSWORD = 'e2e-root-pass-1';

export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'oj-e2e-'));
  const mailDir = join(work, 'mail');
  const dataDir = join(work, 'data');
  mkdirSync(mailDir);
  mkdirSync(dataDir);
  const logDir = join(repoRoot, 'artifacts', 'e2e');
  const screenshotDir = join(repoRoot, 'artifacts', 'screenshots');
  mkdirSync(logDir, { recursive: true });
  mkdirSync(screenshotDir, { recursive: true });

  const cleanups: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const clean of cleanups.reverse()) await clean().catch((err) => console.error(err));
    rmSync(work, { recursive: true, force: true });
  };
  try {
    ensureWebBuild();
    const smtp = await startSmtpReceiver(mailDir);
    cleanups.push(smtp.close);
    // The remote judge's browser test: a fake Codeforces the platform's remote judge talks to.
    const fakeCf = await startFakeCodeforcesProcess();
    cleanups.push(fakeCf.stop);
    process.env.OJ_REMOTE_BASE_CF = fakeCf.url;
    process.env.OJ_REMOTE_POLL_MS = '300';
    // Every browser test registers and logs in from 127.0.0.1: the per-address limits that guard
    // a real site (tested in services/test/security) would refuse the suite's own users.
    process.env.OJ_LOGINS_PER_IP = '100000';
    process.env.OJ_MAILS_PER_IP = '100000';
    const platform = await startPlatform({
      dataDir,
      rootPassword: ROOT_PASSWORD,
      smtpPort: smtp.port,
      logFile: join(logDir, 'platform.log'),
    });
    cleanups.push(platform.stop);
    const browser = await launchChromiumServer();
    cleanups.push(() => browser.close());
    project.provide('e2e', {
      baseUrl: platform.baseUrl,
      wsEndpoint: browser.wsEndpoint(),
      mailDir,
      rootPassword: ROOT_PASSWORD,
      screenshotDir,
    });
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
