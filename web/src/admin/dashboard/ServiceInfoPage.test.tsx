// @vitest-environment jsdom
// Service info: a judge runner's memory and uptime (from its heartbeat) next to the API process,
// with the table's headings and values in both languages.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../../test/harness';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const proc = (over: Record<string, unknown>) => ({
  pid: null,
  rssBytes: null,
  heapUsedBytes: null,
  uptimeSeconds: null,
  load: 0.5,
  lastSeen: Date.now(),
  ...over,
});

function serviceInfo() {
  return stubFetch((url) =>
    url.split('?')[0] === '/api/admin/config/get-service-info'
      ? ok({
          backupCores: 2,
          backupPercentCpuLoad: '25.00%',
          backupPercentMemoryLoad: '50.00%',
          processes: [
            proc({ kind: 'api', name: 'api-1', pid: 10, rssBytes: 52428800, uptimeSeconds: 5 }),
            proc({
              kind: 'runner',
              name: 'runner-1',
              pid: 4321,
              rssBytes: 104857600,
              heapUsedBytes: 20971520,
              uptimeSeconds: 3725,
            }),
            proc({ kind: 'runner', name: 'runner-old' }),
          ],
        })
      : undefined,
  );
}

beforeEach(() => {
  resetStores();
  useSession.setState({ token: 't', user: ROOT });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

describe('service info', () => {
  it("shows a runner's memory and uptime; a runner without figures shows dashes", async () => {
    serviceInfo();
    renderApp('/admin/service-info');
    const runner = await screen.findByTestId('process-runner-1', undefined, { timeout: 15_000 });
    expect(runner.textContent).toContain('Judge runner');
    expect(runner.textContent).toContain('4321');
    expect(runner.textContent).toContain('100.0 MB');
    expect(runner.textContent).toContain('20.0 MB');
    expect(runner.textContent).toContain('1 h 2 min 5 s');
    expect(screen.getByTestId('service-info').textContent).toContain('Memory (RSS)');
    expect(screen.getByTestId('process-runner-old').textContent).not.toContain('MB');
  });

  it('in Chinese', async () => {
    serviceInfo();
    renderApp('/admin/service-info');
    await i18n.changeLanguage('zh-CN');
    const runner = await screen.findByTestId('process-runner-1', undefined, { timeout: 15_000 });
    expect(runner.textContent).toContain('判题机');
    expect(runner.textContent).toContain('1 小时 2 分 5 秒');
    expect(screen.getByTestId('service-info').textContent).toContain('运行时长');
  });
});
