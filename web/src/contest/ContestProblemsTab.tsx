// Contest problem list (spec §2.4): status icon when logged in, #, title, AC, total, AC-rate bar.
import { HTMLTable, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { StatusText } from '../judge/StatusTag';
import { useLoad } from '../shell/useLoad';
import { isLoggedIn, useSession } from '../store/session';
import { contestApi } from './api';

export function ContestProblemsTab({ cid }: { cid: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const loggedIn = useSession(isLoggedIn);
  const list = useLoad(() => contestApi.problems(cid), [cid]);
  const pids = (list.data ?? []).map((p) => p.pid);
  const status = useLoad(
    () => (loggedIn && pids.length ? contestApi.problemStatus(cid, pids) : Promise.resolve({})),
    [cid, loggedIn, pids.join(',')],
  );
  if (list.loading && !list.data) return <Spinner data-testid="contest-problems-loading" />;
  if (!list.data || list.data.length === 0)
    return (
      <div data-testid="contest-problems-empty">
        <NonIdealState icon="inbox" title={t('contestUi.noProblems')} />
      </div>
    );
  return (
    <HTMLTable interactive compact className="oj-wide-table" data-testid="contest-problems">
      <thead>
        <tr>
          {loggedIn && <th aria-label={t('contestUi.result')} />}
          <th>{t('contestUi.num')}</th>
          <th>{t('contestUi.title')}</th>
          <th>{t('contestUi.ac')}</th>
          <th>{t('contestUi.total')}</th>
          <th>{t('contestUi.acRate')}</th>
        </tr>
      </thead>
      <tbody>
        {list.data.map((p) => {
          const mine = (status.data as Record<string, { status: number }> | null)?.[String(p.pid)];
          const rate = p.total > 0 ? p.ac / p.total : 0;
          return (
            <tr
              key={p.id}
              onClick={() => navigate(`/contest/${cid}/problem/${encodeURIComponent(p.displayId)}`)}
              data-testid={`contest-problem-row-${p.displayId}`}
            >
              {loggedIn && (
                <td>{mine && mine.status !== -10 ? <StatusText status={mine.status} /> : null}</td>
              )}
              <td>
                {p.color && <span className="oj-balloon" style={{ background: p.color }} aria-hidden />}
                {p.displayId}
              </td>
              <td>{p.displayTitle}</td>
              <td>{p.ac}</td>
              <td>{p.total}</td>
              <td className="oj-rate-cell">
                <ProgressBar value={rate} stripes={false} intent="success" />
                <small>{(rate * 100).toFixed(1)}%</small>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
