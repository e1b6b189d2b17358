// The OI resolver (issue #26 item 9): starts from the sealed OI board and reveals one hidden
// (user, problem) per step from the bottom up, raising the score and re-ranking (scroll-reveal-oi).
import { Button } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { oiCellTone } from './board-rules';
import { useRevealControls } from './scroll-controls';
import { nextOiReveal, revealNextOi, type OiScrollState } from './scroll-reveal-oi';
import { defaultMedals, medalsFromAwards, ranksAndMedals, type MedalCounts } from './scroll-reveal';
import type { MedalConfig } from './types';

export function OiScrollBoardView({
  initial,
  colors,
  medalQuery,
  awards,
}: {
  initial: OiScrollState;
  colors: Record<string, string | null>;
  medalQuery: number[] | null;
  awards: MedalConfig;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState(initial);
  const [focus, setFocus] = useState<string | null>(null);
  const medals: MedalCounts = useMemo(() => {
    if (medalQuery) return { gold: medalQuery[0]!, silver: medalQuery[1]!, bronze: medalQuery[2]! };
    const ranked = initial.teams.filter((x) => !x.star).length;
    return medalsFromAwards(awards.awardType, awards.awardConfigList, ranked) ?? defaultMedals(ranked);
  }, [medalQuery, initial, awards]);
  const pending = nextOiReveal(state);
  const done = pending === null;

  const step = useCallback(() => {
    setState((cur) => {
      const next = revealNextOi(cur);
      if (!next) return cur;
      setFocus(`${next.step.uid}:${next.step.displayId}`);
      return next.state;
    });
  }, []);
  const { auto, toggleAuto } = useRevealControls(step, done);

  const places = ranksAndMedals(
    state.teams.map((x) => ({ star: x.star, solved: x.score })),
    medals,
  );
  const cursorUid = pending ? state.teams[pending.index]?.uid : null;
  return (
    <div className="oj-scroll" data-testid="scroll-board" data-kind="oi">
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
            <th>{t('contestUi.totalScore')}</th>
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
                <td data-testid={`scroll-score-${team.uid}`}>{team.score}</td>
                {state.problems.map((p) => {
                  const c = team.cells[p];
                  const score = c?.shown?.score ?? null;
                  const tone = !c ? 'none' : c.pending ? 'pending' : `oi-${oiCellTone(score)}`;
                  return (
                    <td
                      key={p}
                      className={`oj-cell oj-cell-${tone}${focus === `${team.uid}:${p}` ? ' oj-scroll-focus' : ''}`}
                      data-tone={tone}
                      data-testid={`scroll-cell-${team.uid}-${p}`}
                    >
                      {c && (c.shown || c.pending) && (
                        <>
                          {c.shown && <div>{score ?? 0}</div>}
                          {c.pending && (
                            <div className="oj-cell-note">
                              {t('contestUi.scrollOiHidden', { n: c.hidden.length })}
                            </div>
                          )}
                        </>
                      )}
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
