// Service info: every process of the deployment (API processes, gateways, judge runners) with
// memory, uptime and load, as they report themselves on the bus (runners in their heartbeats).
import { Button, Card, H4, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../shell/useLoad';
import { adminApi } from '../api';

const mb = (n: number | null) => (n == null ? '-' : `${(n / 1048576).toFixed(1)} MB`);
const uptime = (t: TFunction, s: number | null) =>
  s == null
    ? '-'
    : t('admin.dashboard.uptimeValue', {
        h: Math.floor(s / 3600),
        m: Math.floor((s % 3600) / 60),
        s: Math.floor(s % 60),
      });

export function ServiceInfoPage() {
  const { t } = useTranslation();
  const info = useLoad(() => adminApi.serviceInfo(), []);
  return (
    <Card data-testid="service-info">
      <H4>
        {t('admin.menu.serviceInfo')}{' '}
        <Button icon="refresh" variant="minimal" onClick={info.reload} aria-label="refresh" />
      </H4>
      {!info.data ? (
        <Spinner size={24} />
      ) : (
        <>
          <p>
            CPU {info.data.backupCores} · {info.data.backupPercentCpuLoad} · RAM{' '}
            {info.data.backupPercentMemoryLoad}
          </p>
          <div className="oj-admin-table-wrap">
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>{t('admin.dashboard.kind')}</th>
                  <th>{t('admin.dashboard.name')}</th>
                  <th>{t('admin.dashboard.pid')}</th>
                  <th>{t('admin.dashboard.memory')}</th>
                  <th>{t('admin.dashboard.heap')}</th>
                  <th>{t('admin.dashboard.uptime')}</th>
                  <th>{t('admin.dashboard.load')}</th>
                </tr>
              </thead>
              <tbody>
                {info.data.processes.map((p) => (
                  <tr key={`${p.kind}-${p.name}`} data-testid={`process-${p.name}`}>
                    <td>
                      <Tag minimal>{t(`admin.dashboard.kinds.${p.kind}`)}</Tag>
                    </td>
                    <td>{p.name}</td>
                    <td>{p.pid ?? '-'}</td>
                    <td>{mb(p.rssBytes)}</td>
                    <td>{mb(p.heapUsedBytes)}</td>
                    <td>{uptime(t, p.uptimeSeconds)}</td>
                    <td>{p.load?.toFixed(2) ?? '-'}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </>
      )}
    </Card>
  );
}
