// /training/:id with its tabs: introduction (markdown, info rows, password card), problems and the
// record (rank) of private trainings. Progress and status icons follow pushes (spec part2 §2.7).
import {
  Button,
  Callout,
  Card,
  FormGroup,
  H2,
  HTMLTable,
  Icon,
  InputGroup,
  NonIdealState,
  ProgressBar,
  Spinner,
  Switch,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import {
  TRAINING_RANK_PAGE_SIZE,
  type TrainingProblemVO,
  type TrainingVO,
} from '@oj/protocol/training/schemas';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { formatDateTime } from '../contest/format';
import { Markdown } from '../shell/Markdown';
import { LoadedList } from '../shell/LoadedList';
import { KeywordSearch } from '../shell/KeywordSearch';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { DifficultyTag } from '../problem/DifficultyTag';
import { Pager } from '../judge/Pager';
import { isLoggedIn, useSession } from '../store/session';
import { trainingApi } from './api';
import { useTrainingProgress, useTrainingRankLive } from './live';
import { acRate, applyRankPush, shortStatus, statusIcon } from './rules';
import { CategoryTag, TrainingAuthTag } from './TrainingListPage';
import './training.css';

type TabId = 'intro' | 'problems' | 'rank';

function PasswordCard({ tid, onRegistered }: { tid: number; onRegistered(): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!password) {
      toast.warning(t('trainingUi.passwordRequired'));
      return;
    }
    setBusy(true);
    try {
      await trainingApi.register(tid, password);
      toast.success(t('trainingUi.registered'));
      onRegistered();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="oj-training-password" data-testid="training-password-card">
      <Callout intent="warning" icon="lock" title={t('trainingUi.passwordTitle')}>
        {t('trainingUi.passwordHint')}
      </Callout>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormGroup label={t('trainingUi.password')} labelFor="training-password">
          <InputGroup
            id="training-password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="training-password"
          />
        </FormGroup>
        <Button type="submit" intent="primary" loading={busy} data-testid="training-register">
          {t('trainingUi.register')}
        </Button>
      </form>
    </Card>
  );
}

function Intro({ training }: { training: TrainingVO }) {
  const { t } = useTranslation();
  return (
    <div data-testid="training-intro">
      <div className="oj-training-info">
        <span>{t('trainingUi.number')}</span>
        <span>{training.id}</span>
        <span>{t('trainingUi.auth')}</span>
        <span>
          <TrainingAuthTag auth={training.auth} />
        </span>
        <span>{t('trainingUi.category')}</span>
        <span>
          <CategoryTag name={training.categoryName} color={training.categoryColor} />
        </span>
        <span>{t('trainingUi.totalProblems')}</span>
        <span>{training.problemCount}</span>
        <span>{t('trainingUi.author')}</span>
        <span>
          <Link href={`/user-home?username=${encodeURIComponent(training.author)}`}>{training.author}</Link>
        </span>
        <span>{t('trainingUi.lastModified')}</span>
        <span>{formatDateTime(training.gmtModified)}</span>
      </div>
      <Markdown source={training.description} />
    </div>
  );
}

function ProblemsTab({
  problems,
  statuses,
  base,
}: {
  problems: TrainingProblemVO[];
  statuses: Record<string, number>;
  /** The training's own path (site or group route); problem links hang under it. */
  base: string;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [showTags, setShowTags] = useState(false);
  if (problems.length === 0)
    return (
      <NonIdealState icon="inbox" title={t('trainingUi.noProblems')} data-testid="training-problems-empty" />
    );
  return (
    <div>
      <Switch
        checked={showTags}
        label={t('trainingUi.showTags')}
        onChange={() => setShowTags((v) => !v)}
        data-testid="training-tags-toggle"
      />
      <div className="oj-table-scroll">
        <HTMLTable interactive striped className="oj-training-table" data-testid="training-problems">
          <thead>
            <tr>
              <th>{t('trainingUi.status')}</th>
              <th>{t('trainingUi.problemId')}</th>
              <th>{t('trainingUi.problemTitle')}</th>
              <th>{t('trainingUi.difficulty')}</th>
              {showTags && <th>{t('trainingUi.tags')}</th>}
              <th className="oj-hide-narrow">{t('trainingUi.acRate')}</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p) => {
              const icon = statusIcon(statuses[String(p.pid)]);
              return (
                <tr
                  key={p.pid}
                  onClick={() => navigate(`${base}/problem/${encodeURIComponent(p.problemId)}`)}
                  data-testid={`training-problem-${p.problemId}`}
                >
                  <td data-testid={`training-status-${p.problemId}`} data-status={icon ?? 'none'}>
                    {icon && (
                      <Icon icon={icon} className={icon === 'tick' ? 'oj-status-ac' : 'oj-status-no'} />
                    )}
                  </td>
                  <td>{p.problemId}</td>
                  <td>{p.title}</td>
                  <td>
                    <DifficultyTag difficulty={p.difficulty} />
                  </td>
                  {showTags && (
                    <td>
                      {p.tags.map((tag) => (
                        <Tag key={tag.id} minimal round style={{ marginRight: 4 }}>
                          {tag.name}
                        </Tag>
                      ))}
                    </td>
                  )}
                  <td className="oj-hide-narrow">
                    <div className="oj-ac-bar" title={`${p.ac}/${p.total}`}>
                      <ProgressBar value={p.total ? p.ac / p.total : 0} stripes={false} intent="success" />
                      <span>{acRate(p.ac, p.total)}%</span>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
}

/** The name a rank row shows: the training's rankShowName field when the row has it, else the username. */
function shownName(r: { username: string; nickname: string | null; realname: string | null }, field: string) {
  if (field === 'nickname' && r.nickname) return r.nickname;
  if (field === 'realname' && r.realname) return r.realname;
  return r.username;
}

function RankTab({
  tid,
  problems,
  showName,
  base,
}: {
  tid: number;
  problems: TrainingProblemVO[];
  showName: string;
  base: string;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const me = useSession((s) => s.user?.uid);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const rank = useLoad(
    () => trainingApi.rank(tid, page, TRAINING_RANK_PAGE_SIZE, keyword),
    [tid, page, keyword],
  );
  const [rows, setRows] = useState(rank.data?.records ?? []);
  useEffect(() => setRows(rank.data?.records ?? []), [rank.data]);
  const { reload } = rank;
  const live = useTrainingRankLive(tid, (push) => {
    const offset = (page - 1) * TRAINING_RANK_PAGE_SIZE;
    const next = applyRankPush(rows, offset, TRAINING_RANK_PAGE_SIZE, push, keyword !== '');
    if (next) setRows(next);
    else reload();
  });
  const status = (username: string, extra: string) =>
    navigate(`/status?username=${encodeURIComponent(username)}${extra}`);
  return (
    <div data-testid="training-rank">
      <div className="oj-training-filters">
        <KeywordSearch
          placeholder={t('trainingUi.search')}
          testId="training-rank-keyword"
          onSearch={(k) => {
            setPage(1);
            setKeyword(k);
          }}
        />
        {live && (
          <Tag minimal intent="success" icon="feed" data-testid="training-rank-live">
            {t('trainingUi.live')}
          </Tag>
        )}
      </div>
      <LoadedList
        list={rank}
        isEmpty={() => rows.length === 0}
        emptyTitle={t('trainingUi.noRecords')}
        emptyTestId="training-rank-empty"
      >
        {(data) => (
          <>
            <div className="oj-table-scroll">
              <HTMLTable compact bordered className="oj-training-rank" data-testid="training-rank-table">
                <thead>
                  <tr>
                    <th>{t('trainingUi.rank')}</th>
                    <th>{t('trainingUi.user')}</th>
                    {rows.some((r) => r.realname) && <th>{t('trainingUi.realname')}</th>}
                    <th>{t('trainingUi.totalAc')}</th>
                    {problems.map((p) => (
                      <th key={p.pid}>
                        <a
                          href={`${base}/problem/${encodeURIComponent(p.problemId)}`}
                          onClick={(e) => {
                            e.preventDefault();
                            navigate(`${base}/problem/${encodeURIComponent(p.problemId)}`);
                          }}
                        >
                          {p.problemId}
                        </a>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r, i) => (
                    <tr
                      key={r.uid}
                      className={r.gender === 'female' ? 'oj-rank-girl' : undefined}
                      data-testid={`training-rank-row-${r.username}`}
                    >
                      <td>{(page - 1) * TRAINING_RANK_PAGE_SIZE + i + 1}</td>
                      <td>
                        {r.avatar ? (
                          <img className="oj-rank-avatar" src={r.avatar} alt="" width={24} height={24} />
                        ) : (
                          <span className="oj-rank-avatar oj-rank-avatar-default" aria-hidden>
                            {[...r.username][0]?.toUpperCase() ?? '?'}
                          </span>
                        )}
                        <Link href={`/user-home?uid=${encodeURIComponent(r.uid)}`}>
                          {shownName(r, showName)}
                        </Link>
                        {r.uid === me && (
                          <Tag minimal intent="primary" style={{ marginLeft: 4 }}>
                            {t('trainingUi.own')}
                          </Tag>
                        )}
                        {r.gender === 'female' && (
                          <Tag minimal intent="danger" style={{ marginLeft: 4 }}>
                            {t('trainingUi.girl')}
                          </Tag>
                        )}
                        {r.school && <div className="oj-muted">{r.school}</div>}
                      </td>
                      {rows.some((x) => x.realname) && <td>{r.realname}</td>}
                      <td>
                        <a
                          href="#"
                          data-testid={`training-rank-ac-${r.username}`}
                          onClick={(e) => {
                            e.preventDefault();
                            status(r.username, '&status=0');
                          }}
                        >
                          {r.ac}
                        </a>{' '}
                        <span className="oj-muted">({r.totalRunTime} ms)</span>
                      </td>
                      {problems.map((p) => {
                        const cell = r.submissionInfo[p.problemId];
                        return (
                          <td
                            key={p.pid}
                            className={`oj-rank-cell ${cell ? (cell.isAC ? 'oj-rank-cell-ac' : 'oj-rank-cell-no') : ''}`}
                            data-testid={`training-rank-cell-${r.username}-${p.problemId}`}
                            onClick={() =>
                              status(
                                r.username,
                                `&problemID=${encodeURIComponent(p.problemId)}&completeProblemID=true`,
                              )
                            }
                          >
                            {cell && (
                              <>
                                {shortStatus(cell.status)}
                                {cell.isAC && <div className="oj-muted">{cell.runTime} ms</div>}
                              </>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
            <Pager page={page} size={TRAINING_RANK_PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        )}
      </LoadedList>
    </div>
  );
}

/**
 * The training page. On the site route it reads the id from the path; a group's shell passes the
 * id and its own path (`/group/:gid/training/:tid`), under which the tabs and problem links stay.
 */
export function TrainingArea(props: { tid?: number; base?: string } = {}) {
  const { t } = useTranslation();
  const params = useParams<{ trainingID: string; '*'?: string }>();
  const [location, navigate] = useLocation();
  const tid = props.tid ?? Number(params.trainingID);
  const base = props.base ?? `/training/${tid}`;
  const loggedIn = useSession(isLoggedIn);
  const tab: TabId = location.endsWith('/problems')
    ? 'problems'
    : location.endsWith('/rank')
      ? 'rank'
      : 'intro';
  const [tick, setTick] = useState(0);
  const detail = useLoad(() => trainingApi.detail(tid), [tid, tick, loggedIn]);
  const access = useLoad(() => trainingApi.access(tid), [tid, tick, loggedIn]);
  const problems = useLoad(() => trainingApi.problems(tid), [tid, tick, loggedIn]);
  const reloadProblems = problems.reload;
  const statusesLoad = useLoad(
    () => trainingApi.statuses(tid).catch(() => ({}) as Record<string, { status: number }>),
    [tid, tick, loggedIn],
  );
  const [statuses, setStatuses] = useState<Record<string, number>>({});
  const [acCount, setAcCount] = useState<number | null>(null);
  useEffect(
    () =>
      setStatuses(Object.fromEntries(Object.entries(statusesLoad.data ?? {}).map(([k, v]) => [k, v.status]))),
    [statusesLoad.data],
  );
  useEffect(() => setAcCount(detail.data?.acCount ?? null), [detail.data]);
  useTrainingProgress(
    tid,
    useCallback(
      (p) => {
        setAcCount(p.acCount);
        setStatuses((s) => ({
          ...s,
          [String(p.pid)]: p.status === 0 || s[String(p.pid)] !== 0 ? p.status : 0,
        }));
        // the AC-rate bars move with the verdict too (counters are read again, quietly)
        reloadProblems();
      },
      [reloadProblems],
    ),
  );

  if (detail.loading && !detail.data) return <Spinner data-testid="training-loading" />;
  if (!detail.data)
    return <NonIdealState icon="error" title={t('trainingUi.loadFailed')} data-testid="training-failed" />;
  const training = detail.data;
  const locked = training.auth === 'Private' && !access.data?.access && !problems.data && !problems.loading;
  const total = training.problemCount;
  const ac = acCount ?? 0;
  return (
    <div className="oj-training-area" data-testid="training-area">
      <div className="oj-training-head">
        <H2 data-testid="training-title">{training.title}</H2>
        {loggedIn && (
          <div className="oj-training-progress" style={{ minWidth: 220 }} data-testid="training-progress">
            <ProgressBar
              value={total ? ac / total : 0}
              stripes={false}
              intent={ac >= total && total > 0 ? 'success' : 'primary'}
            />
            <span data-testid="training-progress-text">{t('trainingUi.solved', { ac, total })}</span>
          </div>
        )}
      </div>
      <Tabs
        id="training-tabs"
        selectedTabId={tab}
        onChange={(id) => navigate(id === 'intro' ? base : `${base}/${String(id)}`)}
      >
        <Tab id="intro" title={t('trainingUi.introduction')} data-testid="training-tab-intro" />
        <Tab
          id="problems"
          title={t('trainingUi.problems')}
          disabled={locked}
          data-testid="training-tab-problems"
        />
        {training.auth === 'Private' && (
          <Tab id="rank" title={t('trainingUi.record')} disabled={locked} data-testid="training-tab-rank" />
        )}
      </Tabs>
      <div style={{ marginTop: 12 }}>
        {tab === 'intro' && (
          <>
            {locked && <PasswordCard tid={tid} onRegistered={() => setTick((n) => n + 1)} />}
            <Intro training={training} />
          </>
        )}
        {tab === 'problems' &&
          (locked ? (
            <PasswordCard tid={tid} onRegistered={() => setTick((n) => n + 1)} />
          ) : (
            <ProblemsTab problems={problems.data ?? []} statuses={statuses} base={base} />
          ))}
        {tab === 'rank' && !locked && (
          <RankTab tid={tid} problems={problems.data ?? []} showName={training.rankShowName} base={base} />
        )}
      </div>
    </div>
  );
}
