// /contest: filters (rule, status, keyword) in the query string, 10 per page (spec §2.1).
import { Button, HTMLSelect, Icon, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Pager } from '../judge/Pager';
import { KeywordSearch } from '../shell/KeywordSearch';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { isLoggedIn, useSession } from '../store/session';
import { useUi } from '../store/ui';
import { contestApi } from './api';
import { formatDateTime, formatDuration } from './format';
import { listQueryString, parseListQuery, type ListQuery } from './list-query';
import { ContestAuth, type ContestVO } from './types';
import './contest.css';

export const CONTEST_PAGE_SIZE = 10;

function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = status === -1 ? 'scheduled' : status === 0 ? 'running' : 'ended';
  const intent = status === -1 ? 'primary' : status === 0 ? 'success' : 'none';
  return (
    <Tag minimal intent={intent} data-testid="contest-status">
      {t(`contestUi.${key}`)}
    </Tag>
  );
}

export function AuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation();
  if (auth === ContestAuth.PRIVATE)
    return (
      <Tag minimal intent="danger" icon={<Icon icon="lock" />} data-testid="contest-auth">
        {t('contestUi.authPrivate')}
      </Tag>
    );
  if (auth === ContestAuth.PROTECTED)
    return (
      <Tag minimal intent="warning" icon={<Icon icon="lock" />} data-testid="contest-auth">
        {t('contestUi.authProtected')}
      </Tag>
    );
  return (
    <Tag minimal intent="success" data-testid="contest-auth">
      {t('contestUi.authPublic')}
    </Tag>
  );
}

export const scoreboardPath = (c: Pick<ContestVO, 'id' | 'type'>) =>
  `/contest/${c.type === 1 ? 'oi' : 'acm'}-scoreboard/${c.id}`;

/** One contest card (also the group's Contest tab). */
export function ContestRow({ c }: { c: ContestVO }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const loggedIn = useSession(isLoggedIn);
  const openLogin = useUi((s) => s.openAccountDialog);
  const enter = () => {
    if (!loggedIn) {
      toast.warning(t('contestUi.loginFirst'));
      openLogin('Login');
      return;
    }
    navigate(`/contest/${c.id}`);
  };
  return (
    <li className="oj-contest-row" data-testid={`contest-row-${c.id}`}>
      <span className={`oj-contest-type oj-contest-type-${c.type === 1 ? 'oi' : 'acm'}`} aria-hidden>
        {c.type === 1 ? 'OI' : 'ACM'}
      </span>
      <div className="oj-contest-main">
        <button
          type="button"
          className="oj-contest-title"
          onClick={enter}
          data-testid={`contest-enter-${c.id}`}
        >
          {c.title}
          {c.auth !== ContestAuth.PUBLIC && (
            <Icon
              icon="lock"
              className={c.auth === ContestAuth.PRIVATE ? 'oj-lock-private' : 'oj-lock-protected'}
              data-testid="contest-lock"
            />
          )}
        </button>
        <div className="oj-contest-meta">
          <span>
            {t('contestUi.startAt')}: {formatDateTime(c.startTime)}
          </span>
          <span>
            {t('contestUi.duration')}: {formatDuration(c.duration)}
          </span>
          <Tag minimal>{c.type === 1 ? 'OI' : 'ACM'}</Tag>
          <AuthTag auth={c.auth} />
          <span>
            {t('contestUi.participants')}: {c.count ?? 0}
          </span>
        </div>
      </div>
      <div className="oj-contest-side">
        <StatusTag status={c.status} />
        {c.openRank && (
          <Button
            small
            icon="horizontal-bar-chart"
            disabled={c.status === -1}
            onClick={() => navigate(scoreboardPath(c))}
            data-testid={`contest-scoreboard-${c.id}`}
          >
            {t('contestUi.scoreboard')}
          </Button>
        )}
      </div>
    </li>
  );
}

export function ContestListPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = parseListQuery(search);
  const go = (next: Partial<ListQuery>) =>
    navigate(`/contest${listQueryString({ ...query, currentPage: 1, ...next })}`);
  const list = useLoad(
    () =>
      contestApi.list({
        currentPage: query.currentPage,
        limit: CONTEST_PAGE_SIZE,
        ...(query.status !== null ? { status: query.status } : {}),
        ...(query.type !== null ? { type: query.type } : {}),
        ...(query.keyword ? { keyword: query.keyword } : {}),
      }),
    [query.currentPage, query.status, query.type, query.keyword],
  );
  return (
    <div className="oj-contest-list" data-testid="contest-list">
      <div className="oj-contest-filters">
        <label>
          {t('contestUi.rule')}{' '}
          <HTMLSelect
            value={query.type ?? ''}
            onChange={(e) => go({ type: e.target.value === '' ? null : Number(e.target.value) })}
            data-testid="contest-filter-type"
            options={[
              { value: '', label: t('contestUi.ruleAll') },
              { value: '0', label: 'ACM' },
              { value: '1', label: 'OI' },
            ]}
          />
        </label>
        <label>
          {t('contestUi.status')}{' '}
          <HTMLSelect
            value={query.status ?? ''}
            onChange={(e) => go({ status: e.target.value === '' ? null : Number(e.target.value) })}
            data-testid="contest-filter-status"
            options={[
              { value: '', label: t('contestUi.statusAll') },
              { value: '-1', label: t('contestUi.scheduled') },
              { value: '0', label: t('contestUi.running') },
              { value: '1', label: t('contestUi.ended') },
            ]}
          />
        </label>
        <KeywordSearch
          placeholder={t('contestUi.keyword')}
          value={query.keyword}
          onSearch={(k) => go({ keyword: k })}
          testId="contest-filter-keyword"
        />
      </div>
      {list.loading && !list.data ? (
        <Spinner data-testid="contest-list-loading" />
      ) : list.failed ? (
        <NonIdealState
          icon="error"
          title={t('contestUi.loadFailed')}
          action={<Button onClick={list.reload}>{t('contestUi.retry')}</Button>}
        />
      ) : !list.data || list.data.records.length === 0 ? (
        <div data-testid="contest-list-empty">
          <NonIdealState icon="inbox" title={t('contestUi.empty')} />
        </div>
      ) : (
        <>
          <ul className="oj-contest-rows">
            {list.data.records.map((c) => (
              <ContestRow key={c.id} c={c} />
            ))}
          </ul>
          <Pager
            page={query.currentPage}
            size={CONTEST_PAGE_SIZE}
            total={list.data.total}
            onPage={(p) => navigate(`/contest${listQueryString({ ...query, currentPage: p })}`)}
          />
        </>
      )}
    </div>
  );
}
