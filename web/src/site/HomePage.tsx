// /home: carousel, announcements, recent problems, contests, 7-day AC rank, training shortcuts, weekly chart.
import { Button, Card, H4, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { toast } from '../shell/toaster';
import { useLoad, type Loaded } from '../shell/useLoad';
import { isLoggedIn, isSuperAdmin, useSession } from '../store/session';
import { useUi } from '../store/ui';
import { Announcements } from './Announcements';
import { formatDateTime, siteApi, type RecentContest, type WeekStatistics } from './api';
import { Carousel } from './Carousel';

const empty = <T,>(d: T[] | null): boolean => !Array.isArray(d) || d.length === 0;

/** Training categories with home shortcuts. */
export const TRAINING_SHORTCUTS = [22, 23, 24] as const;

function Panel<T>({
  title,
  testId,
  state,
  isEmpty,
  children,
  action,
}: {
  title: string;
  testId: string;
  state: Loaded<T>;
  isEmpty(data: T | null): boolean;
  children(data: T): ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card className="oj-panel" data-testid={testId}>
      <div className="oj-panel__header">
        <H4>{title}</H4>
        {action}
      </div>
      {state.loading ? (
        <Spinner size={30} />
      ) : isEmpty(state.data) || state.data === null ? (
        <div data-testid={`${testId}-empty`}>
          <NonIdealState icon="inbox" title={t('common.noData')} />
        </div>
      ) : (
        children(state.data)
      )}
    </Card>
  );
}

function Clock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="oj-clock" dateTime={now.toISOString()} data-testid="home-clock">
      {now.toLocaleString(i18n.language, { hour12: false })}
    </time>
  );
}

function ContestRow({ contest }: { contest: RecentContest }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const loggedIn = useSession(isLoggedIn);
  const enter = () => {
    if (!loggedIn) {
      toast.warning(t('Please_login_first'));
      useUi.getState().openAccountDialog('Login');
      return;
    }
    navigate(`/contest/${contest.id}`);
  };
  return (
    <tr onClick={enter} data-testid="home-contest">
      <td>
        <a href={`/contest/${contest.id}`} onClick={(e) => e.preventDefault()}>
          {contest.title}
        </a>
      </td>
      <td>
        <Tag minimal intent={contest.status === 0 ? 'success' : 'primary'}>
          {t(contest.status === 0 ? 'home.running' : 'home.scheduled')}
        </Tag>
      </td>
      <td className="oj-muted oj-hide-mobile">{formatDateTime(contest.startTime, i18n.language)}</td>
    </tr>
  );
}

function WeekChart({ data }: { data: WeekStatistics }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...data.totalCountList);
  return (
    <div className="oj-week-chart" role="img" aria-label={t('home.weekStatistics')}>
      {data.dateStrList.map((day, i) => {
        const total = data.totalCountList[i] ?? 0;
        const ac = data.acCountList[i] ?? 0;
        return (
          <div key={day} className="oj-week-chart__col" title={`${day}: ${ac} / ${total}`}>
            <div className="oj-week-chart__bars">
              <div className="oj-week-chart__total" style={{ height: `${(total / max) * 100}%` }} />
              <div className="oj-week-chart__ac" style={{ height: `${(ac / max) * 100}%` }} />
            </div>
            <span>{day}</span>
          </div>
        );
      })}
      <div className="oj-week-chart__legend">
        <span className="oj-week-chart__key oj-week-chart__key--ac" /> {t('home.accepted')}
        <span className="oj-week-chart__key oj-week-chart__key--total" /> {t('home.total')}
      </div>
    </div>
  );
}

export default function HomePage() {
  const { t, i18n } = useTranslation();
  const root = useSession(isSuperAdmin);
  const carousel = useLoad(siteApi.carousel, []);
  const contests = useLoad(siteApi.recentContests, []);
  const problems = useLoad(siteApi.recentProblems, []);
  const rank = useLoad(siteApi.sevenDayAcRank, []);
  const [force, setForce] = useState(0);
  const stats = useLoad(() => siteApi.weekStatistics(force > 0), [force]);

  return (
    <div className="oj-home" data-testid="home-page">
      <Carousel images={carousel.data ?? []} />
      <div className="oj-home__grid">
        <div className="oj-home__main">
          <Announcements />
          <Panel title={t('home.recentContests')} testId="home-contests" state={contests} isEmpty={empty}>
            {(list) => (
              <HTMLTable className="oj-table" interactive compact>
                <tbody>
                  {list.map((c) => (
                    <ContestRow key={c.id} contest={c} />
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </Panel>
          <Panel title={t('home.recentProblems')} testId="home-problems" state={problems} isEmpty={empty}>
            {(list) => (
              <HTMLTable className="oj-table" compact>
                <thead>
                  <tr>
                    <th>{t('home.problemId')}</th>
                    <th>{t('home.problemTitle')}</th>
                    <th className="oj-hide-mobile">{t('home.updatedAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((p) => (
                    <tr key={p.id} data-testid="home-problem">
                      <td>{p.problemId}</td>
                      <td>
                        <Link href={`/problem/${encodeURIComponent(p.problemId)}`}>{p.title}</Link>
                      </td>
                      <td className="oj-muted oj-hide-mobile">
                        {formatDateTime(p.gmtModified, i18n.language)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </Panel>
        </div>
        <div className="oj-home__side">
          <Card className="oj-panel">
            <H4>{t('home.currentTime')}</H4>
            <Clock />
          </Card>
          <Panel title={t('home.sevenDayRank')} testId="home-rank" state={rank} isEmpty={empty}>
            {(list) => (
              <HTMLTable className="oj-table" compact>
                <tbody>
                  {list.map((u, i) => (
                    <tr key={u.uid} data-testid="home-rank-row">
                      <td>{i + 1}</td>
                      <td>
                        {u.avatar && <img className="oj-avatar" src={u.avatar} alt="" />}
                        <Link
                          href={`/user-home?uid=${encodeURIComponent(u.uid)}&username=${encodeURIComponent(u.username)}`}
                        >
                          {u.username}
                        </Link>
                      </td>
                      <td>
                        <Tag minimal intent="success">
                          {u.ac}
                        </Tag>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </Panel>
          <Card className="oj-panel" data-testid="home-trainings">
            <H4>{t('home.trainings')}</H4>
            <div className="oj-training-shortcuts">
              {TRAINING_SHORTCUTS.map((id) => (
                <Link
                  key={id}
                  href={`/training?categoryId=${id}&currentPage=1`}
                  className={`oj-training-banner oj-training-banner--${id}`}
                >
                  {t(`home.training${id}`)}
                </Link>
              ))}
            </div>
          </Card>
          <Panel
            title={t('home.weekStatistics')}
            testId="home-statistics"
            state={stats}
            isEmpty={(d) => !d || !Array.isArray(d.dateStrList) || d.dateStrList.length === 0}
            action={
              root ? (
                <Button
                  icon="refresh"
                  variant="minimal"
                  onClick={() => setForce((n) => n + 1)}
                  aria-label={t('home.forceRefresh')}
                  data-testid="home-statistics-refresh"
                />
              ) : undefined
            }
          >
            {(d) => <WeekChart data={d} />}
          </Panel>
        </div>
      </div>
    </div>
  );
}
