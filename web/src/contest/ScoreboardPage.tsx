// /contest/acm-scoreboard/:contestID and /contest/oi-scoreboard/:contestID: the outside board, no login needed.
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { useLoad } from '../shell/useLoad';
import { isContestAdminFor } from './rules';
import { useSession } from '../store/session';
import { contestApi } from './api';
import { ContestHeader } from './ContestHeader';
import { RankBoard } from './RankBoard';
import type { ContestProblemRow, ContestVO } from './types';
import { useContestClock } from './useContestClock';
import './contest.css';

function OutsideBoard({ contest, problems }: { contest: ContestVO; problems: ContestProblemRow[] }) {
  const { t } = useTranslation();
  const clock = useContestClock(contest);
  const user = useSession((s) => s.user);
  return (
    <div className="oj-contest-area" data-testid="outside-scoreboard">
      <ContestHeader contest={contest} clock={clock} />
      {clock.phase === 'ended' && (
        // An ended contest's replays (issue #27 item 4): watch one, or start one as its admin.
        <Link href={`/contest/${contest.id}/replay`} data-testid="scoreboard-replay">
          {t('replayUi.open')}
        </Link>
      )}
      <RankBoard
        cid={String(contest.id)}
        contest={contest}
        outside
        ended={clock.phase === 'ended'}
        isContestAdmin={isContestAdminFor(user, contest)}
        sealed={clock.phase === 'sealed'}
        fallbackProblems={problems}
      />
    </div>
  );
}

export function ScoreboardPage() {
  const { t } = useTranslation();
  const { contestID } = useParams<{ contestID: string }>();
  const info = useLoad(() => contestApi.outsideInfo(contestID), [contestID]);
  // Outside info sends no counts (-1 hides them); the board prefers the counted problem list.
  const fallback = useMemo(
    () => (info.data?.problemList ?? []).map((p) => ({ ...p, ac: -1, total: -1 })),
    [info.data],
  );
  if (info.loading && !info.data) return <Spinner data-testid="scoreboard-loading" />;
  if (!info.data)
    return (
      <NonIdealState
        icon="error"
        title={t('contestUi.loadFailed')}
        action={<Button onClick={info.reload}>{t('contestUi.retry')}</Button>}
      />
    );
  return <OutsideBoard contest={info.data.contest} problems={fallback} />;
}
