// /problem: filters kept in the query string, hover statistics, status markers when logged in.
import {
  Button,
  Checkbox,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { REMOTE_OJS } from '@oj/protocol/enums/problem';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { http } from '../api/client';
import { Pager } from '../judge/Pager';
import { StatusText } from '../judge/StatusTag';
import '../judge/screens.css';
import { useLoad } from '../shell/useLoad';
import { DIFFICULTY_KEYS, DifficultyTag } from './DifficultyTag';
import { isLoggedIn, useSession } from '../store/session';
import {
  DEFAULT_PROBLEM_FILTERS,
  nonEmptyRemoteBanks,
  parseProblemQuery,
  problemListParams,
  problemQueryString,
  type ProblemFilters,
} from './query';
import { StatsBars } from './StatsBars';
import { TagPanel } from './TagPanel';
import type { ProblemRow } from './types';
import './problem.css';
import { RemoteBadge } from './RemoteBadge';

// the statement and trainings show it too, without this page's chunk
export { DifficultyTag };

export const acRate = (ac: number, total: number) =>
  total > 0 ? `${((ac / total) * 100).toFixed(2)}%` : '0.00%';

export function ProblemListPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = parseProblemQuery(search);
  const loggedIn = useSession(isLoggedIn);
  const [keyword, setKeyword] = useState(filters.keyword);
  const [showTags, setShowTags] = useState(true);
  const [hovered, setHovered] = useState<ProblemRow | null>(null);
  const [marks, setMarks] = useState<Record<string, { status: number }>>({});

  useEffect(() => setKeyword(filters.keyword), [filters.keyword]);

  const go = (next: Partial<ProblemFilters>, resetPage = true) => {
    const merged = {
      ...filters,
      ...next,
      ...(resetPage && !('currentPage' in next) ? { currentPage: 1 } : {}),
    };
    const qs = problemQueryString(merged);
    navigate(qs ? `/problem?${qs}` : '/problem');
  };

  const list = useLoad(
    // tagId leaves as `1,2` (the client would send an array as JSON, which the list does not read)
    () =>
      http
        .envelope('GET', '/api/get-problem-list', { params: problemListParams(filters), quiet: true })
        .then((envelope) => envelope.data),
    [search],
  );

  useEffect(() => {
    const rows = list.data?.records ?? [];
    if (!loggedIn || rows.length === 0) {
      setMarks({});
      return;
    }
    let live = true;
    http
      .post(
        '/api/get-user-problem-status',
        { pidList: rows.map((r) => r.pid), isContestProblemList: false },
        { quiet: true },
      )
      .then((m) => live && setMarks(m ?? {}))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [list.data, loggedIn]);

  const random = async () => {
    const res = await http.get('/api/get-random-problem').catch(() => null);
    if (res?.problemId) navigate(`/problem/${encodeURIComponent(res.problemId)}`);
  };

  const toggleTag = (id: number) =>
    go({
      tagId: filters.tagId.includes(id) ? filters.tagId.filter((x) => x !== id) : [...filters.tagId, id],
    });

  const rows = list.data?.records ?? [];
  const [banks, setBanks] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void nonEmptyRemoteBanks(REMOTE_OJS, (oj) =>
      http
        .get('/api/get-problem-list', { oj, currentPage: 1, limit: 1 }, { quiet: true })
        .then((p) => p.total),
    ).then((b) => live && setBanks(b));
    return () => {
      live = false;
    };
  }, []);
  // the chosen bank stays listed even when empty
  const shownBanks = REMOTE_OJS.filter((oj) => banks.includes(oj) || oj === filters.oj);
  return (
    <div className="oj-screen oj-problem-list">
      <div className="oj-problem-list-main">
        <div className="oj-filters">
          <HTMLSelect
            aria-label={t('problem.bank')}
            data-testid="problem-bank"
            value={filters.oj}
            onChange={(e) => go({ oj: e.currentTarget.value, tagId: [] })}
            options={[
              { value: '', label: t('problem.bankAll') },
              { value: 'Mine', label: t('problem.bankMine') },
              ...shownBanks.map((oj) => ({ value: oj, label: oj })),
            ]}
          />
          <HTMLSelect
            aria-label={t('problem.difficulty')}
            data-testid="problem-difficulty"
            value={filters.difficulty ?? ''}
            onChange={(e) =>
              go({ difficulty: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })
            }
            options={[
              { value: '', label: `${t('problem.difficulty')}: ${t('problem.difficultyAll')}` },
              ...DIFFICULTY_KEYS.map((k, i) => ({ value: i, label: t(k) })),
            ]}
          />
          <TagPanel oj={filters.oj} selected={filters.tagId} onToggle={toggleTag} />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              go({ keyword });
            }}
          >
            <InputGroup
              leftIcon="search"
              placeholder={t('problem.keyword')}
              value={keyword}
              onChange={(e) => setKeyword(e.currentTarget.value)}
              data-testid="problem-keyword"
            />
          </form>
          <Checkbox
            checked={showTags}
            label={t('problem.showTags')}
            onChange={(e) => setShowTags(e.currentTarget.checked)}
            data-testid="problem-show-tags"
            style={{ margin: 0 }}
          />
          <Button icon="refresh" onClick={() => navigate('/problem')} data-testid="problem-reset">
            {t('problem.reset')}
          </Button>
          <Button icon="random" intent="primary" onClick={() => void random()} data-testid="problem-random">
            {t('problem.random')}
          </Button>
        </div>
        {list.loading && !list.data ? (
          <Spinner data-testid="problem-list-loading" />
        ) : rows.length === 0 ? (
          <div data-testid="problem-list-empty">
            <NonIdealState icon="search" title={t('problem.empty')} />
          </div>
        ) : (
          <div className="oj-table-wrap">
            <HTMLTable
              interactive
              compact
              striped
              data-testid="problem-table"
              className={list.loading ? 'oj-loading' : ''}
            >
              <thead>
                <tr>
                  {loggedIn && <th style={{ width: 28 }} />}
                  <th>{t('problem.id')}</th>
                  <th>{t('problem.title')}</th>
                  <th>{t('problem.difficulty')}</th>
                  <th className="oj-hide-phone">{t('problem.total')}</th>
                  <th>{t('problem.acRate')}</th>
                </tr>
              </thead>
              <tbody onMouseLeave={() => setHovered(null)}>
                {rows.map((row) => (
                  <tr key={row.pid} data-testid="problem-row" onMouseEnter={() => setHovered(row)}>
                    {loggedIn && (
                      <td>
                        <StatusMark status={marks[String(row.pid)]?.status} />
                      </td>
                    )}
                    <td>{row.problemId}</td>
                    <td>
                      <Link href={`/problem/${encodeURIComponent(row.problemId)}`}>{row.title}</Link>
                      <RemoteBadge problemId={row.problemId} />
                      {showTags && row.tags.length > 0 && (
                        <span className="oj-row-tags">
                          {row.tags.map((tag) => (
                            <Tag
                              key={tag.id}
                              minimal
                              style={tag.color ? { background: tag.color, color: '#fff' } : undefined}
                            >
                              {tag.name}
                            </Tag>
                          ))}
                        </span>
                      )}
                    </td>
                    <td>
                      <DifficultyTag difficulty={row.difficulty} />
                    </td>
                    <td className="oj-hide-phone">{row.total}</td>
                    <td>{acRate(row.ac, row.total)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
        <Pager
          page={filters.currentPage}
          size={filters.limit}
          total={list.data?.total ?? 0}
          onPage={(p) => go({ currentPage: p }, false)}
          onSize={(n) => go({ limit: n })}
        />
      </div>
      <aside className="oj-problem-list-side oj-hide-phone" data-testid="problem-stats-side">
        <h4>{t('problem.statistics')}</h4>
        {hovered ? (
          <>
            <div>
              {hovered.problemId} {hovered.title}
            </div>
            <StatsBars counts={hovered} />
          </>
        ) : (
          <p className="oj-muted">{t('problem.hoverHint')}</p>
        )}
      </aside>
    </div>
  );
}

function StatusMark({ status }: { status: number | undefined }) {
  if (status === undefined || status === JudgeStatus.NOT_SUBMITTED) return null;
  if (status === JudgeStatus.ACCEPTED)
    return (
      <span data-testid="problem-mark-ac">
        <Icon icon="tick" intent="success" />
      </span>
    );
  return (
    <span data-testid="problem-mark-tried" title="">
      <StatusText status={status} />
    </span>
  );
}

export { DEFAULT_PROBLEM_FILTERS };
