// /status: submissions with filters in the query string, live updates of running rows,
// rejudge and manual judge for the super admin.
import { Button, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { JudgeStatus, isRunningStatus } from '@oj/protocol/enums/judge-status';
import type { JudgeListItemSchema } from '@oj/protocol/submission/schemas';
import type { Static } from '@sinclair/typebox';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { http } from '../api/client';
import { toast } from '../shell/toaster';
import { isLoggedIn, isSuperAdmin, useSession } from '../store/session';
import { useUi } from '../store/ui';
import { reduceRowStatus } from './live-status';
import { ManualJudgeDialog, manualJudgeAllowed, type ManualRow } from './ManualJudgeDialog';
import { Pager } from './Pager';
import {
  parseSubmissionQuery,
  submissionListParams,
  submissionQueryString,
  SUBMISSION_PAGE_SIZE,
  type SubmissionFilters,
} from './query';
import { StatusText } from './StatusTag';
import { FILTER_STATUSES, formatLength, formatMemory, formatTime, statusKey } from './status-meta';
import { useRowsWatch, type RowPatch } from './watch-rows';
import './screens.css';

/** A row of the status list (JudgeVO). */
export type SubmissionRow = Static<typeof JudgeListItemSchema>;

export function formatDate(s: string | null | undefined): string {
  if (!s) return '--';
  const d = new Date(s.replace(/\+0000$/, 'Z'));
  if (Number.isNaN(d.getTime())) return s;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * `gid`: a group's submissions (the group's Submissions tab, members only), the filters kept in
 * the query string of `basePath`.
 */
export function SubmissionListPage({ gid, basePath = '/status' }: { gid?: number; basePath?: string } = {}) {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = parseSubmissionQuery(search);
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  const superAdmin = isSuperAdmin(session);
  const openLogin = useUi((s) => s.openAccountDialog);
  const [problemID, setProblemID] = useState(filters.problemID);
  const [username, setUsername] = useState(filters.username);
  const [rows, setRows] = useState<SubmissionRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const [manual, setManual] = useState<ManualRow | null>(null);

  useEffect(() => {
    setProblemID(filters.problemID);
    setUsername(filters.username);
  }, [filters.problemID, filters.username]);

  const go = (next: Partial<SubmissionFilters>) => {
    const qs = submissionQueryString({ ...filters, currentPage: 1, ...next });
    navigate(qs ? `${basePath}?${qs}` : basePath);
  };

  // Only-mine needs a user: a visitor is asked to log in instead of being told "no submissions".
  const needsLogin = filters.onlyMine && !loggedIn;
  useEffect(() => {
    let live = true;
    if (needsLogin) {
      setRows([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    http
      .get(
        '/api/get-submission-list',
        { ...submissionListParams(filters), ...(gid !== undefined ? { gid } : {}) },
        { quiet: true },
      )
      .then((page) => {
        if (!live) return;
        setRows(page.records);
        setTotal(page.total);
      })
      .catch(() => live && setRows([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [search, tick, needsLogin, gid]);

  const patchRow = useCallback((p: RowPatch) => {
    setRows((list) =>
      list.map((r) => {
        if (r.submitId !== p.submitId) return r;
        const status = reduceRowStatus(r.status, p.status, p.reason);
        return {
          ...r,
          status,
          time: p.time !== undefined ? p.time : r.time,
          memory: p.memory !== undefined ? p.memory : r.memory,
          score: p.score !== undefined ? p.score : r.score,
          judger: p.judger !== undefined ? p.judger : r.judger,
        };
      }),
    );
  }, []);
  const runningIds = useMemo(
    () => rows.filter((r) => isRunningStatus(r.status)).map((r) => r.submitId),
    [rows],
  );
  useRowsWatch(runningIds, patchRow);

  const rejudge = async (row: SubmissionRow) => {
    const res = await http.get('/api/admin/judge/rejudge', { submitId: row.submitId }).catch(() => null);
    if (!res) return;
    toast.success(t('judge.rejudged'));
    patchRow({
      submitId: row.submitId,
      status: JudgeStatus.PENDING,
      reason: 'rejudge',
      time: null,
      memory: null,
      score: null,
    });
  };

  const resubmit = async (row: SubmissionRow) => {
    const res = await http.get('/api/resubmit', { submitId: row.submitId }).catch(() => null);
    if (!res) return;
    toast.success(t('judge.resubmitted'));
    patchRow({
      submitId: row.submitId,
      status: res.status,
      reason: 'resubmit',
      time: res.time,
      memory: res.memory,
    });
  };

  return (
    <div className="oj-screen" data-testid="submission-list">
      <div className="oj-filters">
        <HTMLSelect
          aria-label={t('judge.status')}
          data-testid="status-filter"
          value={filters.status ?? ''}
          onChange={(e) =>
            go({ status: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })
          }
          options={[
            { value: '', label: t('judge.allStatus') },
            ...FILTER_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) })),
          ]}
        />
        <Switch
          checked={filters.onlyMine}
          label={t('judge.onlyMine')}
          data-testid="only-mine"
          style={{ margin: 0 }}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            if (checked && !loggedIn) {
              toast.warning(t('Please_login_first'));
              return openLogin('Login');
            }
            go({ onlyMine: checked });
          }}
        />
        <form
          className="oj-filters"
          style={{ margin: 0 }}
          onSubmit={(e) => {
            e.preventDefault();
            go({ problemID, username });
          }}
        >
          <InputGroup
            placeholder={t('judge.searchProblem')}
            value={problemID}
            onChange={(e) => setProblemID(e.currentTarget.value)}
            data-testid="filter-problem"
          />
          <InputGroup
            placeholder={t('judge.searchUser')}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            data-testid="filter-username"
          />
          <Button type="submit" icon="search" data-testid="filter-search">
            {t('judge.search')}
          </Button>
        </form>
        <Button icon="refresh" onClick={() => setTick((n) => n + 1)} data-testid="status-refresh">
          {t('common.refresh')}
        </Button>
      </div>
      {needsLogin ? (
        <div data-testid="submission-list-login">
          <NonIdealState
            icon="lock"
            title={t('judge.onlyMineLogin')}
            action={
              <Button intent="primary" icon="log-in" onClick={() => openLogin('Login')}>
                {t('account.login')}
              </Button>
            }
          />
        </div>
      ) : loading && rows.length === 0 ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <div data-testid="submission-list-empty">
          <NonIdealState icon="inbox" title={t('judge.empty')} />
        </div>
      ) : (
        <div className="oj-table-wrap">
          <HTMLTable compact striped className={loading ? 'oj-loading' : ''}>
            <thead>
              <tr>
                <th>{t('judge.runId')}</th>
                <th>{t('judge.problem')}</th>
                <th>{t('judge.author')}</th>
                <th>{t('judge.status')}</th>
                <th>{t('judge.score')}</th>
                <th className="oj-nowrap">{t('judge.time')}</th>
                <th className="oj-nowrap">{t('judge.memory')}</th>
                <th className="oj-nowrap">{t('judge.length')}</th>
                <th className="oj-nowrap">{t('judge.language')}</th>
                <th className="oj-nowrap">{t('judge.judger')}</th>
                <th className="oj-nowrap">{t('judge.submitTime')}</th>
                {superAdmin && <th>{t('judge.option')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const own = session.user?.uid === r.uid;
                return (
                  <tr
                    key={r.submitId}
                    className={own ? 'oj-own-row' : ''}
                    data-testid="submission-row"
                    data-own={own}
                  >
                    <td>
                      <Link href={`/submission-detail/${r.submitId}`}>{r.submitId}</Link>
                    </td>
                    <td>
                      <Link href={`/problem/${encodeURIComponent(r.displayPid)}`}>
                        {r.displayPid} {r.title}
                      </Link>
                    </td>
                    <td>
                      <Link
                        href={`/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`}
                      >
                        {r.username}
                      </Link>
                    </td>
                    <td>
                      <StatusText status={r.status} testId="row-status" />
                      {own && r.status === JudgeStatus.SUBMITTED_FAILED && (
                        <Button
                          minimal
                          small
                          icon="refresh"
                          aria-label={t('judge.resubmit')}
                          onClick={() => void resubmit(r)}
                        />
                      )}
                    </td>
                    <td>{r.score ?? '--'}</td>
                    <td className="oj-nowrap">{formatTime(r.time)}</td>
                    <td className="oj-nowrap">{formatMemory(r.memory)}</td>
                    <td className="oj-nowrap">{formatLength(r.length)}</td>
                    <td className="oj-nowrap">{r.language}</td>
                    <td className="oj-nowrap">{r.judger ?? '--'}</td>
                    <td className="oj-nowrap">{formatDate(r.submitTime)}</td>
                    {superAdmin && (
                      <td>
                        <Button
                          small
                          minimal
                          icon="refresh"
                          onClick={() => void rejudge(r)}
                          data-testid="row-rejudge"
                        >
                          {t('judge.rejudge')}
                        </Button>
                        <Button
                          small
                          minimal
                          icon="edit"
                          disabled={!manualJudgeAllowed(r.status)}
                          onClick={() =>
                            setManual({ submitId: r.submitId, status: r.status, score: r.score })
                          }
                          data-testid="row-manual"
                        >
                          {t('judge.manualJudge')}
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <Pager
        page={filters.currentPage}
        size={SUBMISSION_PAGE_SIZE}
        total={total}
        onPage={(p) => go({ currentPage: p })}
      />
      {manual && (
        <ManualJudgeDialog
          row={manual}
          onClose={() => setManual(null)}
          onDone={(p) =>
            patchRow({
              submitId: p.submitId,
              status: p.status,
              reason: p.status === JudgeStatus.CANCELLED ? 'cancel' : 'manual',
              score: p.score,
            })
          }
        />
      )}
    </div>
  );
}
