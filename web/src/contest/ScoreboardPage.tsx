// /contest/acm-scoreboard/:contestID and /contest/oi-scoreboard/:contestID: the outside board, no login needed.
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
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
  const clock = useContestClock(contest);
  const user = useSession((s) => s.user);
  // Problem headers here carry no counts: the outside info does not send them.
  return (
    <div className="oj-contest-area" data-testid="outside-scoreboard">
      <ContestHeader contest={contest} clock={clock} />
      <RankBoard
        cid={String(contest.id)}
        contest={contest}
        outside
        ended={clock.phase === 'ended'}
        isContestAdmin={isContestAdminFor(user, contest)}
        sealed={clock.phase === 'sealed'}
        problems={problems}
      />
    </div>
  );
}

export function ScoreboardPage() {
  const { t } = useTranslation();
  const { contestID } = useParams<{ contestID: string }>();
  const info = useLoad(() => contestApi.outsideInfo(contestID), [contestID]);
  if (info.loading && !info.data) return <Spinner data-testid="scoreboard-loading" />;
  if (!info.data)
    return (
      <NonIdealState
        icon="error"
        title={t('contestUi.loadFailed')}
        action={<Button onClick={info.reload}>{t('contestUi.retry')}</Button>}
      />
    );
  return (
    <OutsideBoard
      contest={info.data.contest}
      problems={info.data.problemList.map((p) => ({ ...p, ac: p.ac ?? 0, total: p.total ?? 0 }))}
    />
  );
}
