// Contest submissions (GET /api/contest-submissions), 30 per page, "mine only" switch.
import { HTMLTable, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Pager } from '../judge/Pager';
import { StatusText } from '../judge/StatusTag';
import { formatLength, formatMemory, formatTime } from '../judge/status-meta';
import { useLoad } from '../shell/useLoad';
import { contestApi } from './api';
import { formatDateTime } from './format';
import type { ContestVO } from './types';

export const CONTEST_SUBMISSION_PAGE_SIZE = 30;

export function ContestSubmissionsTab({ cid, contest }: { cid: string; contest: ContestVO }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const search = useSearch();
  // The navbar's "My Submissions" opens this tab with ?onlyMine=true.
  const mineInQuery = new URLSearchParams(search).get('onlyMine') === 'true';
  const [onlyMine, setOnlyMine] = useState(mineInQuery);
  useEffect(() => {
    setOnlyMine(mineInQuery);
    setPage(1);
  }, [mineInQuery]);
  const list = useLoad(
    () =>
      contestApi.submissions({
        contestID: Number(cid),
        beforeContestSubmit: false,
        onlyMine,
        currentPage: page,
        limit: CONTEST_SUBMISSION_PAGE_SIZE,
        containsEnd: true,
      }),
    [cid, page, onlyMine],
  );
  const oi = contest.type === 1;
  return (
    <div data-testid="contest-submissions">
      <Switch
        checked={onlyMine}
        label={t('contestUi.onlyMine')}
        onChange={() => {
          setOnlyMine((v) => !v);
          setPage(1);
        }}
        data-testid="contest-submissions-mine"
      />
      {list.loading && !list.data ? (
        <Spinner data-testid="contest-submissions-loading" />
      ) : !list.data || list.data.records.length === 0 ? (
        <div data-testid="contest-submissions-empty">
          <NonIdealState icon="inbox" title={t('contestUi.noSubmissions')} />
        </div>
      ) : (
        <div className="oj-board-scroll">
          <HTMLTable compact striped className="oj-wide-table">
            <thead>
              <tr>
                <th>ID</th>
                <th>{t('contestUi.problem')}</th>
                <th>{t('contestUi.username')}</th>
                <th>{t('contestUi.result')}</th>
                {oi && <th>{t('contestUi.totalScore')}</th>}
                <th>{t('contestUi.time')}</th>
                <th>{t('contestUi.memory')}</th>
                <th>{t('contestUi.length')}</th>
                <th>{t('contestUi.language')}</th>
                <th>{t('contestUi.submitTime')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.records.map((s) => (
                <tr key={s.submitId} data-testid={`contest-submission-${s.submitId}`}>
                  <td>
                    <Link
                      href={`/contest/${cid}/problem/${encodeURIComponent(s.displayId)}/submission-detail/${s.submitId}`}
                    >
                      {s.submitId}
                    </Link>
                  </td>
                  <td>
                    <Link href={`/contest/${cid}/problem/${encodeURIComponent(s.displayId)}`}>
                      {s.displayId} {s.title}
                    </Link>
                  </td>
                  <td>{s.username}</td>
                  <td>
                    <StatusText status={s.status} />
                  </td>
                  {oi && <td>{s.score ?? '--'}</td>}
                  <td>{formatTime(s.time)}</td>
                  <td>{formatMemory(s.memory)}</td>
                  <td>{formatLength(s.length)}</td>
                  <td>{s.language}</td>
                  <td>{formatDateTime(s.submitTime)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {list.data && list.data.total > 0 && (
        <Pager page={page} size={CONTEST_SUBMISSION_PAGE_SIZE} total={list.data.total} onPage={setPage} />
      )}
    </div>
  );
}
