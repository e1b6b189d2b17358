// Contest header: title, tags, times, progress bar and countdown driven by the clock machine (spec §2.2, §4).
import { Button, Popover, ProgressBar, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { AuthTag } from './ContestListPage';
import { formatDateTime } from './format';
import { showContestSetting } from './rules';
import { useIncludeAfter } from './store';
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

/** The contest setting popover (isShowContestSetting): include submissions made after the contest. */
function ContestSetting({ cid }: { cid: string }) {
  const { t } = useTranslation();
  const [includeAfter, setIncludeAfter] = useIncludeAfter(cid);
  return (
    <Popover
      placement="bottom-end"
      content={
        <div className="oj-contest-setting" data-testid="contest-setting-panel">
          <Switch
            checked={includeAfter}
            label={t('contestUi.settingContainsEnd')}
            onChange={() => setIncludeAfter(!includeAfter)}
            data-testid="contest-setting-contains-end"
          />
        </div>
      }
    >
      <Button small minimal icon="cog" data-testid="contest-setting">
        {t('contestUi.setting')}
      </Button>
    </Popover>
  );
}

export function ContestHeader({
  contest,
  clock,
  isContestAdmin = false,
}: {
  contest: ContestVO;
  clock: ContestClock;
  isContestAdmin?: boolean;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const setting = showContestSetting({
    isContestAdmin,
    ended: clock.phase === 'ended',
    allowEndSubmit: contest.allowEndSubmit,
  });
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
        <Tag minimal icon="people" data-testid="contest-count">
          {contest.count ?? 0}
        </Tag>
        {contest.gid !== null && (
          <Button small minimal icon="people" onClick={() => navigate(`/group/${contest.gid}`)}>
            {t('contestUi.groupContest')}
          </Button>
        )}
        {setting && <ContestSetting cid={String(contest.id)} />}
        {isContestAdmin && (
          <Button
            small
            minimal
            icon="comparison"
            onClick={() => navigate(`/similarity?scope=contest&scopeId=${contest.id}`)}
            data-testid="contest-similarity"
          >
            {t('similarity.menu')}
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
