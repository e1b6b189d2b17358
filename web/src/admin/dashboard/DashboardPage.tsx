// The admin dashboard: counts, recent logins, judge servers live from the runners' heartbeats
// (pushed to the admin room: a silent runner turns red without a reload) and the
// submissions-per-minute chart, moved by pushes.
import { Card, H4, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JudgeServer, JudgeServerList, SubmissionRate } from '@oj/protocol/admin/schemas';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { connectSocket } from '../../api/socket';
import { useLoad } from '../../shell/useLoad';
import { useSession } from '../../store/session';
import { adminApi } from '../api';
import { RateChart } from './RateChart';

/** Judge servers and the rate series: loaded once, then replaced by every push. */
function useLiveFeeds() {
  const token = useSession((s) => s.token);
  const [servers, setServers] = useState<JudgeServerList | null>(null);
  const [rate, setRate] = useState<SubmissionRate | null>(null);
  useEffect(() => {
    let live = true;
    void adminApi.judgeServers().then(
      (l) => live && setServers(l),
      () => undefined,
    );
    void adminApi.submissionRate().then(
      (r) => live && setRate(r),
      () => undefined,
    );
    let cleanup = () => {};
    void connectSocket(token).then((socket) => {
      if (!live) return;
      const onServers = (l: JudgeServerList) => setServers(l);
      const onRate = (r: SubmissionRate) => setRate(r);
      const join = () => socket.emit(ClientEvents.subscribeAdmin, {}, () => undefined);
      socket.on(ServerEvents.adminJudgeServers, onServers);
      socket.on(ServerEvents.adminSubmissionRate, onRate);
      socket.on('connect', join);
      if (socket.connected) join();
      cleanup = () => {
        socket.off(ServerEvents.adminJudgeServers, onServers);
        socket.off(ServerEvents.adminSubmissionRate, onRate);
        socket.off('connect', join);
      };
    });
    return () => {
      live = false;
      cleanup();
    };
  }, [token]);
  return { servers, rate };
}

function useNow(ms = 1000) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

const STATE_INTENT = { up: 'success', draining: 'warning', down: 'danger' } as const;

function ServerRow({ s, now }: { s: JudgeServer; now: number }) {
  const { t } = useTranslation();
  const label = { up: 'stateUp', draining: 'stateDraining', down: 'stateDown' }[s.state];
  return (
    <tr data-testid={`judge-server-${s.name}`} data-state={s.state}>
      <td>
        <span className={`oj-admin-dot oj-admin-dot--${s.state}`} />
        {s.name}
      </td>
      <td>
        <Tag intent={STATE_INTENT[s.state]} data-testid="judge-server-state">
          {t(`admin.dashboard.${label}`)}
        </Tag>
      </td>
      <td>{s.version}</td>
      <td>{s.load.toFixed(2)}</td>
      <td>
        {s.inFlight} / {s.concurrency}
      </td>
      <td>{t('admin.dashboard.secondsAgo', { n: Math.max(0, Math.round((now - s.lastSeen) / 1000)) })}</td>
      <td className="oj-admin-langs">{s.languages.join(', ')}</td>
    </tr>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const info = useLoad(() => adminApi.dashboardInfo(), []);
  const sessions = useLoad(() => adminApi.sessions(), []);
  const { servers, rate } = useLiveFeeds();
  const now = useNow();

  const cards = info.data
    ? [
        ['users', info.data.userNum],
        ['todaySubmissions', info.data.todayJudgeNum],
        ['runningContests', info.data.runningContestNum],
        ['recentContests', info.data.recentContestNum],
      ]
    : [];
  return (
    <div data-testid="admin-dashboard">
      <div className="oj-admin-cards">
        {info.loading && <Spinner size={20} />}
        {cards.map(([key, value]) => (
          <Card key={key} data-testid={`dashboard-${key}`}>
            <div>{t(`admin.dashboard.${key}`)}</div>
            <div className="oj-admin-card-value">{value}</div>
          </Card>
        ))}
      </div>

      <Card className="oj-admin-section">
        <H4>
          {t('admin.dashboard.judgeServers')} <Tag minimal>{t('admin.dashboard.live')}</Tag>
        </H4>
        {!servers ? (
          <Spinner size={20} />
        ) : servers.servers.length === 0 ? (
          <NonIdealState icon="offline" title={t('admin.dashboard.noServers')} />
        ) : (
          <div className="oj-admin-table-wrap">
            <HTMLTable compact striped data-testid="judge-servers">
              <thead>
                <tr>
                  <th>{t('admin.dashboard.name')}</th>
                  <th>{t('admin.dashboard.state')}</th>
                  <th>{t('admin.dashboard.version')}</th>
                  <th>{t('admin.dashboard.load')}</th>
                  <th>{t('admin.dashboard.inFlight')}</th>
                  <th>{t('admin.dashboard.lastSeen')}</th>
                  <th>{t('admin.dashboard.languages')}</th>
                </tr>
              </thead>
              <tbody>
                {servers.servers.map((s) => (
                  <ServerRow key={s.name} s={s} now={now} />
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </Card>

      <Card className="oj-admin-section">
        <H4>{t('admin.dashboard.submissionRate')}</H4>
        {rate ? <RateChart points={rate.points} /> : <Spinner size={20} />}
      </Card>

      <Card className="oj-admin-section">
        <H4>{t('admin.dashboard.sessions')}</H4>
        <div className="oj-admin-table-wrap">
          <HTMLTable compact striped data-testid="admin-sessions">
            <thead>
              <tr>
                <th>{t('admin.dashboard.time')}</th>
                <th>{t('admin.dashboard.ip')}</th>
                <th>{t('admin.dashboard.userAgent')}</th>
              </tr>
            </thead>
            <tbody>
              {(sessions.data ?? []).map((s) => (
                <tr key={s.id}>
                  <td>{s.gmtCreate ? new Date(s.gmtCreate.replace('+0000', 'Z')).toLocaleString() : ''}</td>
                  <td>{s.ip}</td>
                  <td>{s.userAgent}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </Card>
    </div>
  );
}
