// /training: filters (auth, category chips, keyword) in the query string, 15 per page, progress
// column only when logged in (spec part2 §2.7).
import { categoryLabel } from '../discussion/category-names';
import { Button, HTMLSelect, HTMLTable, NonIdealState, ProgressBar, Tag } from '@blueprintjs/core';
import { TRAINING_LIST_PAGE_SIZE, type TrainingVO } from '@oj/protocol/training/schemas';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { formatDateTime } from '../contest/format';
import { Pager } from '../judge/Pager';
import { KeywordSearch } from '../shell/KeywordSearch';
import { LoadedList } from '../shell/LoadedList';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { isLoggedIn, useSession } from '../store/session';
import { useUi } from '../store/ui';
import { trainingApi } from './api';
import { parseTrainingQuery, trainingQueryString, type TrainingListQuery } from './rules';
import './training.css';

export function TrainingAuthTag({ auth }: { auth: string }) {
  const { t } = useTranslation();
  return auth === 'Private' ? (
    <Tag minimal intent="danger" icon="lock" data-testid="training-auth">
      {t('trainingUi.authPrivate')}
    </Tag>
  ) : (
    <Tag minimal intent="success" data-testid="training-auth">
      {t('trainingUi.authPublic')}
    </Tag>
  );
}

export function CategoryTag({ name, color }: { name: string | null; color: string | null }) {
  const { t } = useTranslation();
  if (!name) return null;
  return (
    <Tag className="oj-training-category" style={color ? { backgroundColor: color } : undefined}>
      {categoryLabel(name, t)}
    </Tag>
  );
}

function Progress({ t }: { t: TrainingVO }) {
  const ac = t.acCount ?? 0;
  const value = t.problemCount > 0 ? ac / t.problemCount : 0;
  return (
    <div className="oj-training-progress" data-testid={`training-progress-${t.id}`}>
      <ProgressBar value={value} stripes={false} intent={value >= 1 ? 'success' : 'primary'} />
      <span>
        {ac}/{t.problemCount}
      </span>
    </div>
  );
}

/** The rows of a training list (site list and group list); a row calls onOpen with its id. */
export function TrainingTable({
  records,
  showProgress,
  onOpen,
}: {
  records: TrainingVO[];
  showProgress: boolean;
  onOpen(id: number): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="oj-table-scroll">
      <HTMLTable interactive striped className="oj-training-table" data-testid="training-table">
        <thead>
          <tr>
            <th>{t('trainingUi.number')}</th>
            <th>{t('trainingUi.name')}</th>
            <th>{t('trainingUi.auth')}</th>
            <th>{t('trainingUi.category')}</th>
            {showProgress && <th data-testid="training-progress-head">{t('trainingUi.progress')}</th>}
            <th>{t('trainingUi.problemCount')}</th>
            <th className="oj-hide-narrow">{t('trainingUi.author')}</th>
            <th className="oj-hide-narrow">{t('trainingUi.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((tr) => (
            <tr key={tr.id} onClick={() => onOpen(tr.id)} data-testid={`training-row-${tr.id}`}>
              <td>{tr.id}</td>
              <td>
                <a
                  href={`/training/${tr.id}`}
                  onClick={(e) => e.preventDefault()}
                  data-testid={`training-open-${tr.id}`}
                >
                  {tr.title}
                </a>
              </td>
              <td>
                <TrainingAuthTag auth={tr.auth} />
              </td>
              <td>
                <CategoryTag name={tr.categoryName} color={tr.categoryColor} />
              </td>
              {showProgress && (
                <td>
                  <Progress t={tr} />
                </td>
              )}
              <td>{tr.problemCount}</td>
              <td className="oj-hide-narrow">{tr.author}</td>
              <td className="oj-hide-narrow">{formatDateTime(tr.gmtModified)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

export function TrainingListPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = parseTrainingQuery(search);
  const loggedIn = useSession(isLoggedIn);
  const openLogin = useUi((s) => s.openAccountDialog);
  const go = (next: Partial<TrainingListQuery>) =>
    navigate(`/training${trainingQueryString({ ...query, currentPage: 1, ...next })}`);
  const categories = useLoad(() => trainingApi.categories(), []);
  // Login state changes reload the list and toggle the progress column (spec part2 §4).
  const list = useLoad(
    () =>
      trainingApi.list({
        currentPage: query.currentPage,
        limit: TRAINING_LIST_PAGE_SIZE,
        ...(query.keyword ? { keyword: query.keyword } : {}),
        ...(query.categoryId !== null ? { categoryId: query.categoryId } : {}),
        ...(query.auth ? { auth: query.auth } : {}),
      }),
    [query.currentPage, query.keyword, query.categoryId, query.auth, loggedIn],
  );
  const open = (id: number) => {
    if (!loggedIn) {
      toast.warning(t('trainingUi.loginFirst'));
      openLogin('Login');
      return;
    }
    navigate(`/training/${id}`);
  };
  return (
    <div className="oj-training-list" data-testid="training-list">
      <div className="oj-training-filters">
        <label>
          {t('trainingUi.auth')}{' '}
          <HTMLSelect
            value={query.auth ?? ''}
            data-testid="training-filter-auth"
            onChange={(e) => go({ auth: (e.target.value || null) as TrainingListQuery['auth'] })}
            options={[
              { value: '', label: t('trainingUi.authAll') },
              { value: 'Public', label: t('trainingUi.authPublic') },
              { value: 'Private', label: t('trainingUi.authPrivate') },
            ]}
          />
        </label>
        <KeywordSearch
          placeholder={t('trainingUi.keyword')}
          value={query.keyword}
          onSearch={(k) => go({ keyword: k })}
          testId="training-filter-keyword"
        />
      </div>
      <div className="oj-training-chips" data-testid="training-categories">
        <span>{t('trainingUi.category')}:</span>
        <Tag
          interactive
          minimal={query.categoryId !== null}
          onClick={() => go({ categoryId: null })}
          data-testid="training-category-all"
        >
          {t('trainingUi.categoryAll')}
        </Tag>
        {(categories.data ?? []).map((c) => (
          <Tag
            key={c.id}
            interactive
            className={query.categoryId === c.id ? 'oj-chip-active' : undefined}
            style={{ backgroundColor: c.color }}
            onClick={() => go({ categoryId: c.id })}
            data-testid={`training-category-${c.id}`}
            data-active={query.categoryId === c.id}
          >
            {categoryLabel(c.name, t)}
          </Tag>
        ))}
      </div>
      <LoadedList
        list={list}
        isEmpty={(d) => d.records.length === 0}
        emptyTitle={t('trainingUi.empty')}
        emptyTestId="training-list-empty"
        loadingTestId="training-list-loading"
        failed={
          <NonIdealState
            icon="error"
            title={t('trainingUi.loadFailed')}
            action={<Button onClick={list.reload}>{t('trainingUi.retry')}</Button>}
          />
        }
      >
        {(data) => (
          <>
            <TrainingTable records={data.records} showProgress={loggedIn} onOpen={open} />
            <Pager
              page={query.currentPage}
              size={TRAINING_LIST_PAGE_SIZE}
              total={data.total}
              onPage={(p) => navigate(`/training${trainingQueryString({ ...query, currentPage: p })}`)}
            />
          </>
        )}
      </LoadedList>
    </div>
  );
}
