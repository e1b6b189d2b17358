// /scrollBoard?cid=…: the resolver, full screen. Starts from the sealed board and reveals one hidden
// cell per Space/→ (or on auto-play) until the final board; medals per the query or the defaults.
// ACM replays the submissions here; OI (issue #26 item 9) runs ScrollBoardOi over the server's cells.
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useLoad } from '../shell/useLoad';
import { contestApi } from './api';
import type { MedalConfig, ScrollBoardInfo } from './types';
import { shownName } from './board-rules';
import { parseServerDate } from './rules';
import { useRevealControls } from './scroll-controls';
import { OiScrollBoardView } from './ScrollBoardOi';
import { buildOiSealedBoard, type OiScrollState } from './scroll-reveal-oi';
import {
  buildSealedBoard,
  defaultMedals,
  medalsFromAwards,
  nextReveal,
  parseScrollQuery,
  ranksAndMedals,
  revealNext,
  type MedalCounts,
  type ScrollState,
} from './scroll-reveal';
import './contest.css';

export { AUTO_PLAY_MS } from './scroll-controls';

type Loaded =
  | { kind: 'acm'; info: ScrollBoardInfo; state: ScrollState }
  | { kind: 'oi'; info: ScrollBoardInfo; state: OiScrollState };

async function loadBoard(cid: string, removeStar: boolean): Promise<Loaded> {
  // The calls fail alike (not sealed, not ended…): the page shows the reason once, no toasts.
  const info = await contestApi.scrollInfo(cid, { quiet: true });
  if (info.type === 1) {
    const data = await contestApi.scrollOi(cid, removeStar, { quiet: true });
    const state = buildOiSealedBoard(data, {
      nameOf: (row) => shownName(row, info.rankShowName),
      starUsernames: info.starUserList ?? [],
    });
    return { kind: 'oi', info, state };
  }
  const subs = await contestApi.scrollSubmissions(cid, removeStar, { quiet: true });
  const problems = Object.keys(info.balloonColor).sort();
  const state = buildSealedBoard({
    problems,
    startTime: parseServerDate(info.startTime) ?? 0,
    sealTime: parseServerDate(info.sealRankTime) ?? Number.MAX_SAFE_INTEGER,
    starUsernames: info.starUserList ?? [],
    submissions: subs.map((s) => ({
      uid: s.uid,
      username: s.username,
      name: shownName(s, info.rankShowName),
      school: s.school,
      submitId: s.submitId,
      status: s.status,
      submitTime: parseServerDate(s.submitTime) ?? 0,
      displayId: s.displayId,
    })),
  });
  return { kind: 'acm', info, state };
}

export function Board({
  initial,
  colors,
  medalQuery,
  awards,
}: {
  initial: ScrollState;
  colors: Record<string, string | null>;
  medalQuery: number[] | null;
  awards: MedalConfig;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState(initial);
  const [focus, setFocus] = useState<string | null>(null);
  const medals: MedalCounts = useMemo(() => {
    if (medalQuery) return { gold: medalQuery[0]!, silver: medalQuery[1]!, bronze: medalQuery[2]! };
    // the query wins, then the contest's award config, then 10/20/30 %
    const ranked = initial.teams.filter((x) => !x.star).length;
    return medalsFromAwards(awards.awardType, awards.awardConfigList, ranked) ?? defaultMedals(ranked);
  }, [medalQuery, initial, awards]);
  const pending = nextReveal(state);
  const done = pending === null;

  const step = useCallback(() => {
    setState((cur) => {
      const next = revealNext(cur);
      if (!next) return cur;
      setFocus(`${next.step.uid}:${next.step.displayId}`);
      return next.state;
    });
  }, []);

  const { auto, toggleAuto } = useRevealControls(step, done);

  const places = ranksAndMedals(state.teams, medals);
  const cursorUid = pending ? state.teams[pending.index]?.uid : null;
  return (
    <div className="oj-scroll" data-testid="scroll-board">
      <div className="oj-scroll-bar">
        <span>{done ? t('contestUi.scrollDone') : t('contestUi.scrollHelp')}</span>
        <Button small onClick={step} disabled={done} data-testid="scroll-next">
          {t('contestUi.scrollNext')}
        </Button>
        <Button small onClick={toggleAuto} disabled={done} data-testid="scroll-auto">
          {auto ? t('contestUi.scrollPause') : t('contestUi.scrollAuto')}
        </Button>
      </div>
      <table className="oj-scroll-table">
        <thead>
          <tr>
            <th>{t('contestUi.rank')}</th>
            <th>{t('contestUi.user')}</th>
            <th>{t('contestUi.solved')}</th>
            <th>{t('contestUi.penalty')}</th>
            {state.problems.map((p) => (
              <th key={p}>
                {colors[p] && (
                  <span className="oj-balloon" style={{ background: colors[p] ?? undefined }} aria-hidden />
                )}
                {p}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.teams.map((team, i) => {
            const place = places[i]!;
            return (
              <tr
                key={team.uid}
                data-testid={`scroll-row-${team.uid}`}
                className={`${place.medal ? `oj-medal-${place.medal}` : ''}${team.uid === cursorUid ? ' oj-scroll-cursor' : ''}`}
              >
                <td data-testid={`scroll-rank-${team.uid}`}>{place.rank ?? '*'}</td>
                <td>
                  {team.name}
                  {team.school && <div className="oj-cell-note">{team.school}</div>}
                </td>
                <td>{team.solved}</td>
                <td>{Math.floor(team.penalty / 60)}</td>
                {state.problems.map((p) => {
                  const c = team.cells[p];
                  const tone = !c
                    ? 'none'
                    : c.pending > 0
                      ? 'pending'
                      : c.solved
                        ? 'ac'
                        : c.errors > 0
                          ? 'wrong'
                          : 'none';
                  const tries = c ? c.errors + (c.solved ? 1 : 0) + c.pending : 0;
                  return (
                    <td
                      key={p}
                      className={`oj-cell oj-cell-${tone}${focus === `${team.uid}:${p}` ? ' oj-scroll-focus' : ''}`}
                      data-tone={tone}
                    >
                      {c && tries > 0
                        ? c.solved && c.acTime !== null
                          ? `${tries}/${Math.floor(c.acTime / 60)}`
                          : `${tries}`
                        : ''}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function ScrollBoardPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const q = useMemo(() => parseScrollQuery(search), [search]);
  const [reason, setReason] = useState<string | null>(null);
  const data = useLoad(
    () =>
      q.cid
        ? loadBoard(q.cid, q.removeStar).catch((e: unknown) => {
            setReason(e instanceof Error ? e.message : null);
            throw e;
          })
        : Promise.reject(new Error('no cid')),
    [q.cid, q.removeStar],
  );
  if (!q.cid) return <NonIdealState icon="error" title={t('contestUi.noCid')} />;
  if (data.loading && !data.data) return <Spinner data-testid="scroll-loading" />;
  if (!data.data)
    return (
      <div className="oj-scroll" data-testid="scroll-unavailable">
        <NonIdealState
          icon="lock"
          title={t('contestUi.scrollUnavailable')}
          description={
            <>
              {reason && <p data-testid="scroll-reason">{reason}</p>}
              <p>{t('contestUi.scrollNeedsSealed')}</p>
            </>
          }
        />
      </div>
    );
  if (data.data.kind === 'oi')
    return (
      <OiScrollBoardView
        initial={data.data.state}
        colors={data.data.info.balloonColor}
        medalQuery={q.medals}
        awards={data.data.info}
      />
    );
  return (
    <Board
      initial={data.data.state}
      colors={data.data.info.balloonColor}
      medalQuery={q.medals}
      awards={data.data.info}
    />
  );
}
