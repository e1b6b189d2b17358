// "My Submission" tab: the caller's last submissions of this problem.
import { HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { http } from '../api/client';
import { StatusText } from '../judge/StatusTag';
import { formatMemory, formatTime } from '../judge/status-meta';
import { useLoad } from '../shell/useLoad';

export function MySubmissions({
  problemId,
  refresh,
  gid,
}: {
  problemId: string;
  refresh: number;
  gid?: string;
}) {
  const { t } = useTranslation();
  const list = useLoad(
    () =>
      http.get(
        '/api/get-submission-list',
        {
          onlyMine: true,
          problemID: problemId,
          completeProblemID: true,
          currentPage: 1,
          limit: 10,
          ...(gid ? { gid: Number(gid) } : {}),
        },
        { quiet: true },
      ),
    [problemId, refresh],
  );
  if (list.loading && !list.data) return <Spinner />;
  const rows = list.data?.records ?? [];
  if (rows.length === 0) return <NonIdealState title={t('problem.noSubmissions')} />;
  return (
    <HTMLTable compact striped data-testid="my-submissions">
      <thead>
        <tr>
          <th>{t('judge.runId')}</th>
          <th>{t('judge.status')}</th>
          <th>{t('judge.time')}</th>
          <th>{t('judge.memory')}</th>
          <th>{t('judge.language')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.submitId} data-testid="my-submission-row">
            <td>
              <Link href={`/submission-detail/${r.submitId}`}>{r.submitId}</Link>
            </td>
            <td>
              <StatusText status={r.status} />
            </td>
            <td>{formatTime(r.time)}</td>
            <td>{formatMemory(r.memory)}</td>
            <td>{r.language}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
