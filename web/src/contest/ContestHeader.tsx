// Contest header: title, tags, times, progress bar and countdown driven by the clock machine (spec §2.2, §4).
import { Button, ProgressBar, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { AuthTag } from './ContestListPage';
import { formatDateTime } from './format';
import type { ContestClock } from './useContestClock';
import type { ContestVO } from './types';

export function CountdownText({ clock }: { clock: ContestClock }) {
  const { t } = useTranslation();
  const c = clock.countdown;
  const text =
    c.kind === 'ended'
      ? t('contestUi.endedText')
      : c.kind === 'startsInDays'
        ? t('contestUi.startsInDays', { days: c.days })
        : c.kind === 'startsIn'
          ? t('contestUi.startsIn', { text: c.text })
          : t('contestUi.endsIn', { text: c.text });
  return (
    <span className={`oj-countdown oj-phase-${clock.phase}`} data-testid="contest-countdown">
      {text}
    </span>
  );
}

export function ContestHeader({ contest, clock }: { contest: ContestVO; clock: ContestClock }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <header className="oj-contest-header" data-testid="contest-header">
      <h2 className="oj-contest-header-title" data-testid="contest-title">
        {contest.title}
      </h2>
      <div className="oj-contest-header-tags">
        <AuthTag auth={contest.auth} />
        <Tag intent={contest.type === 1 ? 'warning' : 'primary'} data-testid="contest-rule">
          {contest.type === 1 ? 'OI' : 'ACM'}
        </Tag>
        <Tag minimal data-testid="contest-phase">
          {t(`contestUi.${clock.phase}`)}
        </Tag>
        <Tag minimal icon="people">
          {contest.count ?? 0}
        </Tag>
        {contest.gid !== null && (
          <Button small minimal icon="people" onClick={() => navigate(`/group/${contest.gid}`)}>
            {t('contestUi.groupContest')}
          </Button>
        )}
      </div>
      <div className="oj-contest-times">
        <span>
          {t('contestUi.startAt')}: {formatDateTime(contest.startTime)}
        </span>
        <span>
          {t('contestUi.endAt')}: {formatDateTime(contest.endTime)}
        </span>
      </div>
      <ProgressBar
        value={clock.progress / 100}
        animate={clock.phase === 'running' || clock.phase === 'sealed'}
        stripes={clock.phase === 'running' || clock.phase === 'sealed'}
        intent={clock.phase === 'ended' ? 'danger' : clock.phase === 'scheduled' ? 'primary' : 'success'}
        data-testid="contest-progress"
      />
      <CountdownText clock={clock} />
    </header>
  );
}
