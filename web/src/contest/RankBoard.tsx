// The contest board (spec §2.3): ACM or OI table, search, switches, stars, pager, 30 s auto refresh.
import {
  Button,
  Callout,
  HTMLSelect,
  HTMLTable,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
  Tooltip,
} from '@blueprintjs/core';
import type { AcmRankRow, OiRankRow } from '@oj/protocol/contest/scoreboard';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Pager } from '../judge/Pager';
import { KeywordSearch } from '../shell/KeywordSearch';
import { useIsMobile } from '../shell/useMediaQuery';
import { contestApi, type BoardRow } from './api';
import {
  acmCellText,
  acmCellTone,
  BOARD_DEFAULT_SIZE,
  BOARD_PAGE_SIZES,
  BOARD_REFRESH_MS,
  exactTime,
  minutesOf,
  oiCellTone,
  pinnedCount,
  readConcerned,
  shownName,
  toggleConcerned,
  writeConcerned,
} from './board-rules';
import { throttle, useContestLive } from './live';
import { fetchDelay, onRankPush, pushedCounts } from './rank-delta';
import { showContestSetting } from './rules';
import { useIncludeAfter } from './store';
import { useSession } from '../store/session';
import type { ContestBoardView, ContestRankChanged } from '@oj/protocol/realtime/events';
import type { RankPage } from '@oj/protocol/contest/rank-delta';
import type { ContestProblemRow, ContestVO, Page } from './types';

/**
 * Rank pushes reload the board at most this often. Short enough that a verdict shows within a
 * second even right after another push (issue #6); the boards are in memory, a reload is cheap.
 */
export const RANK_PUSH_MIN_MS = 750;
/**
 * The problem list is read again at most this often, and only with a board fetch a push could not
 * spare: pushes carry the changed problem's header counts (issue #22).
 */
export const PROBLEMS_PUSH_MIN_MS = 2000;
/** Pushes kept while a load is on its way (a burst's verdicts during one read). */
const PUSHES_HELD_DURING_LOAD = 64;

export interface RankBoardProps {
  cid: string;
  contest: ContestVO;
  /** Outside scoreboard (anonymous endpoint) or the contest's own rank tab. */
  outside: boolean;
  ended: boolean;
  isContestAdmin: boolean;
  /** The viewer sees the sealed board (shows a note). */
  sealed?: boolean;
  /** Headers used when the contest problem list (with counts) cannot be loaded; counts below 0 are hidden. */
  fallbackProblems?: ContestProblemRow[];
}

function ProblemHeader({ p }: { p: ContestProblemRow }) {
  const { t } = useTranslation();
  return (
    <Tooltip
      disabled={p.total < 0}
      content={t('contestUi.acceptedRejected', { ac: p.ac, wrong: Math.max(0, p.total - p.ac) })}
    >
      <span className="oj-board-problem" data-testid={`board-problem-${p.displayId}`}>
        {p.color && <span className="oj-balloon" style={{ background: p.color }} aria-hidden />}
        {p.displayId}
        {p.total >= 0 && (
          <small>
            ({p.ac}/{p.total})
          </small>
        )}
      </span>
    </Tooltip>
  );
}

function AcmCellView({ row, displayId }: { row: AcmRankRow; displayId: string }) {
  const cell = row.submissionInfo[displayId];
  const tone = acmCellTone(cell);
  const text = acmCellText(cell);
  return (
    <td className={`oj-cell oj-cell-${tone}`} data-testid={`cell-${row.uid}-${displayId}`} data-tone={tone}>
      {text.time && <div>{text.time}</div>}
      {text.note && <div className="oj-cell-note">{text.note}</div>}
    </td>
  );
}

function OiCellView({ row, displayId }: { row: OiRankRow; displayId: string }) {
  const score = row.submissionInfo[displayId];
  const tone = oiCellTone(score);
  const time = row.timeInfo?.[displayId];
  return (
    <td
      className={`oj-cell oj-cell-oi-${tone}`}
      data-testid={`cell-${row.uid}-${displayId}`}
      data-tone={tone}
    >
      {score !== null && score !== undefined && <div>{score}</div>}
      {time !== undefined && score !== null && score !== undefined && (
        <div className="oj-cell-note">{time}ms</div>
      )}
    </td>
  );
}

function RankCell({ row }: { row: BoardRow }) {
  const style =
    row.isWinAward && row.awardBackground
      ? { background: row.awardBackground, color: row.awardColor ?? undefined }
      : undefined;
  return (
    <td className="oj-rank-cell" data-testid={`rank-cell-${row.uid}`}>
      <span className="oj-rank-badge" style={style} title={row.awardName ?? undefined}>
        {row.rank === -1 ? '*' : row.rank}
      </span>
    </td>
  );
}

function RankBoardView({
  cid,
  contest,
  outside,
  ended,
  isContestAdmin,
  sealed = false,
  fallbackProblems,
}: RankBoardProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const mobile = useIsMobile();
  const oi = contest.type === 1;
  const [problems, setProblems] = useState<ContestProblemRow[]>([]);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(BOARD_DEFAULT_SIZE);
  const [applied, setApplied] = useState('');
  const [showStar, setShowStar] = useState(true);
  // shared with the contest setting popover of the shell (one value per contest)
  const [containsEnd, setContainsEnd] = useIncludeAfter(cid);
  const settingShown = showContestSetting({ isContestAdmin, ended, allowEndSubmit: contest.allowEndSubmit });
  const [force, setForce] = useState(false);
  const [auto, setAuto] = useState(!ended);
  const [concerned, setConcerned] = useState<string[]>(() => readConcerned(cid));
  const [data, setData] = useState<RankPage<BoardRow> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);
  const me = useSession((s) => s.user?.uid ?? null);
  /** The shown page and the board version it is at (`<variant>/<version>`): pushes carry deltas from it. */
  const shown = useRef<{ page: RankPage<BoardRow> | null; version: string | null }>({
    page: null,
    version: null,
  });
  /** Push time up to which the shown page is known current (an admin gets two pushes per verdict). */
  const currentAt = useRef(0);
  /** A load is on its way: its answer replaces the page, so pushes do not patch the old one. */
  const inFlight = useRef(false);
  /** A push asked for a fetch while a load was on its way: one more fetch after it (never stacked). */
  const staleAfterLoad = useRef(false);
  /**
   * Pushes heard while a load is on its way, replayed on its answer: the deltas that chain from
   * the loaded version apply, older ones are already in it, so a verdict during a load costs no
   * second read (issue #22). Past PUSHES_HELD_DURING_LOAD, one fetch after the load instead.
   */
  const heldPushes = useRef<{ payload: ContestRankChanged; adminRoom: boolean }[]>([]);
  /** Called when a load settles (the push handler schedules the one fetch it owes). */
  const onLoadSettled = useRef<() => void>(() => undefined);

  // The headers' (ac/total) counts move with the verdicts: reloaded with the board on pushes and timer ticks.
  const [problemsTick, setProblemsTick] = useState(0);
  const problemsSeq = useRef(0);
  useEffect(() => {
    // Only the newest answer counts: an older reload landing late would put stale counts back.
    const mine = ++problemsSeq.current;
    contestApi.problems(cid, { quiet: true }).then(
      (p) => mine === problemsSeq.current && setProblems(p),
      () => mine === problemsSeq.current && setProblems(fallbackProblems ?? []),
    );
  }, [cid, fallbackProblems, problemsTick]);

  const load = useCallback(() => {
    const mine = ++seq.current;
    let version: string | null = null;
    inFlight.current = true;
    setLoading(true);
    contestApi
      .rank(
        {
          cid: Number(cid),
          currentPage: page,
          limit: size,
          // The admin's force switch is the only way to the real board while sealed (§0.7), so a
          // force view sends it on every load; pushes rarely need a load there (the admin room
          // carries the real board's deltas) and the server shares concurrent recomputes.
          forceRefresh: force && isContestAdmin,
          removeStar: !showStar,
          keyword: applied || undefined,
          concernedList: concerned,
          containsEnd,
        },
        outside,
        (v) => (version = v),
      )
      .then(
        (p) => {
          if (mine !== seq.current) return;
          inFlight.current = false;
          // The endpoint always sends the paging numbers (the client type keeps them optional).
          shown.current = { page: p as RankPage<BoardRow>, version };
          setData(p);
          setFailed(false);
          setLoading(false);
          onLoadSettled.current();
        },
        () => {
          if (mine !== seq.current) return;
          inFlight.current = false;
          staleAfterLoad.current = false;
          heldPushes.current = [];
          // spec §4, §8: a load error stops the indicator and the auto refresh
          setFailed(true);
          setLoading(false);
          setAuto(false);
        },
      );
  }, [cid, page, size, force, isContestAdmin, showStar, applied, concerned, containsEnd, outside]);

  useEffect(load, [load]);
  const loadRef = useRef(load);
  loadRef.current = load;
  const refetch = useMemo(() => throttle(() => loadRef.current(), RANK_PUSH_MIN_MS), []);
  const reloadProblems = useMemo(
    () => throttle(() => setProblemsTick((n) => n + 1), PROBLEMS_PUSH_MIN_MS),
    [],
  );
  // What the push handler reads of the current view (it is created once).
  const viewRef = useRef({ plain: true, removeStar: false, pinUid: null as string | null });
  viewRef.current = {
    plain: !applied && concerned.length === 0,
    removeStar: !showStar,
    pinUid: outside ? null : me,
  };
  const pushes = useMemo(() => {
    let fetchTimer: ReturnType<typeof setTimeout> | null = null;
    /** Push-caused fetches in a row: each one waits longer (jitter window doubling up to 8 s). */
    let streak = 0;
    const cancelFetch = () => {
      if (fetchTimer) clearTimeout(fetchTimer);
      fetchTimer = null;
    };
    // At most one fetch scheduled or in flight per viewer: pushes meanwhile are folded into it.
    const scheduleFetch = () => {
      if (inFlight.current) {
        staleAfterLoad.current = true;
        return;
      }
      fetchTimer ??= setTimeout(() => {
        fetchTimer = null;
        refetch();
        // The header counts of problems whose deltas were missed come with the problem list.
        reloadProblems();
      }, fetchDelay(streak++));
    };
    onLoadSettled.current = () => {
      const held = heldPushes.current;
      heldPushes.current = [];
      for (const { payload, adminRoom } of held) onPush(payload, adminRoom);
      if (!staleAfterLoad.current) return;
      staleAfterLoad.current = false;
      scheduleFetch();
    };
    const applyCounts = (version: string | null, payload: ContestRankChanged) => {
      const counts = pushedCounts(version, payload.boards);
      if (counts.size === 0) return;
      setProblems((list) =>
        list.map((p) => {
          const c = counts.get(p.displayId);
          return c ? { ...p, ac: c[0], total: c[1] } : p;
        }),
      );
    };
    function onPush(payload: ContestRankChanged, adminRoom: boolean) {
      if (inFlight.current) {
        // Replayed against the page the load brings (onLoadSettled).
        if (heldPushes.current.length < PUSHES_HELD_DURING_LOAD)
          heldPushes.current.push({ payload, adminRoom });
        else staleAfterLoad.current = true;
        return;
      }
      const out = onRankPush({ ...shown.current, ...viewRef.current }, payload.boards);
      if (out.kind === 'unlisted' && adminRoom) return;
      if (out.kind === 'fetch' || out.kind === 'unlisted') {
        // Already current as of this push (the other room's push of the same verdict applied).
        if (payload.at <= currentAt.current) return;
        scheduleFetch();
        return;
      }
      // A push the page read already holds (heard during the read): nothing to do, counts included.
      if (out.kind === 'current' && out.older) return;
      currentAt.current = Math.max(currentAt.current, payload.at);
      cancelFetch();
      streak = 0;
      if (out.kind === 'apply') {
        shown.current = { page: out.page, version: out.version };
        setData(out.page);
      }
      // The changed problem's header counts come with the delta: no problem list read.
      applyCounts(shown.current.version, payload);
    }
    /**
     * The page a (re)subscribe brought (issue #22): taken unless a load is on its way (its answer
     * replaces the page); a fetch a resync scheduled is not needed any more.
     */
    const onSnapshot = (snapshot: { json: string; version: string }) => {
      if (inFlight.current) return;
      let body: { status?: unknown; data?: unknown };
      try {
        body = JSON.parse(snapshot.json) as { status?: unknown; data?: unknown };
      } catch {
        return;
      }
      if (body.status !== 200 || !body.data) return;
      cancelFetch();
      streak = 0;
      const p = body.data as Page<BoardRow>;
      shown.current = { page: p as RankPage<BoardRow>, version: snapshot.version };
      setData(p);
    };
    return {
      onPush,
      onSnapshot,
      cancel() {
        cancelFetch();
        onLoadSettled.current = () => undefined;
        refetch.cancel();
        reloadProblems.cancel();
      },
    };
  }, [refetch, reloadProblems]);
  useEffect(() => () => pushes.cancel(), [pushes]);
  // While auto refresh is on, rank pushes update the board (applying their delta, or fetching);
  // the 30 s timer covers a missing or refused socket.
  // The page asked as a snapshot with each (re)subscribe: plain views only (no search, no
  // concerned users, not the admin's forced real board).
  const snapshotView = useRef<ContestBoardView | null>(null);
  snapshotView.current =
    !applied && concerned.length === 0 && !(force && isContestAdmin)
      ? { page, size, removeStar: !showStar, containsEnd, outside }
      : null;
  const live = useContestLive(auto && !ended ? Number(cid) : null, {
    rank: (p) => pushes.onPush(p, false),
    rankAdmin: (p) => pushes.onPush(p, true),
    view: () => snapshotView.current,
    snapshot: (s) => pushes.onSnapshot(s),
  });
  useEffect(() => {
    if (!auto || ended || live) return;
    const timer = setInterval(() => {
      load();
      setProblemsTick((n) => n + 1);
    }, BOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [auto, ended, live, load]);

  const star = (uid: string) => {
    const next = toggleConcerned(concerned, uid);
    setConcerned(next);
    writeConcerned(cid, next);
  };

  const rows = data?.records ?? [];
  // Pinned copies (own row, starred users) lead page 1; they are marked and left out of the shown total.
  const pinsRef = useRef(0);
  if (data && page === 1)
    pinsRef.current = pinnedCount(
      rows.map((r) => r.uid),
      me,
      concerned,
      outside,
    );
  const pins = pinsRef.current;
  return (
    <div className="oj-board" data-testid="rank-board">
      {sealed && (
        <Callout intent="warning" icon="lock" className="oj-board-sealed" data-testid="board-sealed">
          {t('contestUi.sealedNote')}
        </Callout>
      )}
      <div className="oj-board-tools">
        <KeywordSearch
          placeholder={t('contestUi.searchUser')}
          onSearch={(k) => {
            setPage(1);
            setApplied(k);
          }}
          testId="board-search"
        />
        <Switch
          checked={showStar}
          label={t('contestUi.starUsers')}
          onChange={() => setShowStar((v) => !v)}
          data-testid="board-switch-star"
        />
        {settingShown && (
          <Switch
            checked={containsEnd}
            label={t('contestUi.containsEnd')}
            onChange={() => setContainsEnd(!containsEnd)}
            data-testid="board-switch-end"
          />
        )}
        {isContestAdmin && (
          <Switch
            checked={force}
            label={t('contestUi.forceUpdate')}
            onChange={() => setForce((v) => !v)}
            data-testid="board-switch-force"
          />
        )}
        <Switch
          checked={auto && !ended}
          disabled={ended}
          label={t('contestUi.autoRefresh')}
          onChange={() => setAuto((v) => !v)}
          data-testid="board-switch-auto"
        />
        <HTMLSelect
          value={size}
          onChange={(e) => {
            setSize(Number(e.target.value));
            setPage(1);
          }}
          data-testid="board-size"
          options={BOARD_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
        />
        {loading && <Spinner size={16} data-testid="board-loading" />}
      </div>
      {failed && !data ? (
        <NonIdealState
          icon="error"
          title={t('contestUi.loadFailed')}
          action={<Button onClick={load}>{t('contestUi.retry')}</Button>}
        />
      ) : data && rows.length === 0 ? (
        <div data-testid="board-empty">
          <NonIdealState icon="inbox" title={t('contestUi.boardEmpty')} />
        </div>
      ) : (
        <div className="oj-board-scroll">
          <HTMLTable compact bordered className={`oj-board-table${mobile ? '' : ' oj-board-fixed'}`}>
            <thead>
              <tr>
                <th>{t('contestUi.rank')}</th>
                <th className="oj-board-user">{t('contestUi.user')}</th>
                {oi ? (
                  <th>{t('contestUi.totalScore')}</th>
                ) : (
                  <>
                    <th>{t('contestUi.acCount')}</th>
                    <th>{t('contestUi.totalTime')}</th>
                  </>
                )}
                {problems.map((p) => (
                  <th key={p.displayId}>
                    <ProblemHeader p={p} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr
                  key={`${row.uid}-${i}`}
                  data-testid={`board-row-${row.uid}`}
                  data-pinned={page === 1 && i < pins ? 'true' : undefined}
                  className={
                    [
                      page === 1 && i < pins ? 'oj-board-pinned' : '',
                      page === 1 && i === pins - 1 ? 'oj-board-pinned-last' : '',
                      concerned.includes(row.uid) ? 'oj-board-concerned' : '',
                      row.uid === me && !(page === 1 && i < pins) ? 'oj-board-me' : '',
                    ]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                >
                  <RankCell row={row} />
                  <td className="oj-board-user">
                    <button
                      type="button"
                      className={`oj-star${concerned.includes(row.uid) ? ' oj-star-on' : ''}`}
                      aria-label={t('contestUi.concerned')}
                      aria-pressed={concerned.includes(row.uid)}
                      onClick={() => star(row.uid)}
                      data-testid={`board-star-${row.uid}`}
                    >
                      {concerned.includes(row.uid) ? '★' : '☆'}
                    </button>
                    <a
                      href={`/user-home?username=${encodeURIComponent(row.username)}&uid=${encodeURIComponent(row.uid)}`}
                      onClick={(e) => {
                        e.preventDefault();
                        navigate(
                          `/user-home?username=${encodeURIComponent(row.username)}&uid=${encodeURIComponent(row.uid)}`,
                        );
                      }}
                    >
                      {shownName(row, contest.rankShowName)}
                    </a>
                    {page === 1 && i < pins && (
                      <Tag minimal round className="oj-board-pin-tag" data-testid="board-pin-tag">
                        {row.uid === me ? t('contestUi.pinnedMe') : t('contestUi.pinned')}
                      </Tag>
                    )}
                    {row.school && <div className="oj-cell-note">{row.school}</div>}
                  </td>
                  {'totalScore' in row ? (
                    <td data-testid={`board-total-${row.uid}`}>
                      <strong>{row.totalScore}</strong>
                      <div className="oj-cell-note">{row.totalTime}ms</div>
                    </td>
                  ) : (
                    <>
                      <td data-testid={`board-ac-${row.uid}`}>{row.ac}</td>
                      <td>
                        <Tooltip content={exactTime(row.totalTime)}>
                          <span>{minutesOf(row.totalTime)}</span>
                        </Tooltip>
                      </td>
                    </>
                  )}
                  {problems.map((p) =>
                    'totalScore' in row ? (
                      <OiCellView key={p.displayId} row={row} displayId={p.displayId} />
                    ) : (
                      <AcmCellView key={p.displayId} row={row} displayId={p.displayId} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {data && (
        <Pager
          page={page}
          size={size}
          total={data.total}
          shownTotal={Math.max(0, data.total - pins)}
          onPage={setPage}
        />
      )}
    </div>
  );
}

/** Memoised: the contest clock re-renders the page every second; the board only changes on its own loads. */
export const RankBoard = memo(RankBoardView);
