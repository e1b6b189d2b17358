// Debian's chromium driven by playwright-core. Browsers are never downloaded: a missing
// /usr/bin/chromium is a loud failure naming the package to install.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

export const CHROMIUM_PATH = process.env.OJ_CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function checkInstalled(): void {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `${CHROMIUM_PATH} not found: install Debian's chromium (apt-get install -y chromium) for the browser tests`,
    );
}

export async function launchChromium(): Promise<Browser> {
  checkInstalled();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}

/** A browser other processes (the test workers) connect to through its WebSocket endpoint. */
export async function launchChromiumServer(): Promise<BrowserServer> {
  checkInstalled();
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: ARGS });
}

export async function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
