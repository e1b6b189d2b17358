// /contest/:contestID/*: header and the tabs (spec §2.2); the enabled tabs follow the clock machine.
import {
  Button,
  Callout,
  Card,
  Icon,
  InputGroup,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, useLocation, useParams, useRoute } from 'wouter';
import { MathMarkdown } from '../problem/MathMarkdown';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { isSuperAdmin, useSession } from '../store/session';
import { useSite } from '../store/site';
import { contestApi } from './api';
import { ContestHeader } from './ContestHeader';
import { contestTabs, isContestAdminFor, showPasswordForm, type TabName } from './rules';
import { AcInfoTab, AdminPrintTab, PrintTab, RejudgeTab } from './AdminTabs';
import { AnnouncementsTab } from './AnnouncementsTab';
import { ContestProblemsTab } from './ContestProblemsTab';
import { ContestComments } from './ContestComments';
import { useQaBadge } from './qa-live';
import { ContestSubmissionsTab } from './ContestSubmissionsTab';
import { RankBoard } from './RankBoard';
import { ScrollBoardSettings } from './ScrollBoardSettings';
import { useContestStore } from './store';
import type { ContestInfoVO, ContestVO } from './types';
import { useUnreadAnnouncements } from './unread';
import { useContestClock } from './useContestClock';
import './contest.css';

/** The tab named by the path after /contest/:cid (the overview when none or unknown). */
export function tabOfPath(path: string, cid: string): TabName {
  const rest = path.slice(`/contest/${cid}`.length).split('/').filter(Boolean)[0] ?? '';
  const names: TabName[] = [
    'problems',
    'submissions',
    'rank',
    'announcements',
    'comment',
    'print',
    'ac-info',
    'admin-print',
    'rejudge',
    'scroll-board',
  ];
  return (names as string[]).includes(rest) ? (rest as TabName) : 'overview';
}

/** The judge area's submission detail, shown inside the submissions tab (ContestSubmissionDetails). */
const SubmissionDetail = lazy(async () => ({
  default: (await import('../judge/SubmissionDetailPage')).SubmissionDetailPage,
}));
/** The problem area's detail page, shown inside the problems tab (ContestProblemDetails). */
const ProblemDetail = lazy(async () => ({
  default: (await import('../problem/ProblemDetailPage')).ProblemDetailPage,
}));
export const PROBLEM_DETAIL_PATH = '/contest/:contestID/problem/:problemID';
export const SUBMISSION_DETAIL_PATH = '/contest/:contestID/problem/:problemID/submission-detail/:submitID';

function PasswordForm({ cid, onRegistered }: { cid: string; onRegistered(): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!password) {
      toast.warning(t('contestUi.passwordRequired'));
      return;
    }
    setBusy(true);
    try {
      await contestApi.register(cid, password);
      toast.success(t('contestUi.registered'));
      onRegistered();
    } catch {
      // the client already showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Callout intent="warning" title={t('contestUi.needAccess')} data-testid="contest-password-form">
      <form
        className="oj-contest-password"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <InputGroup
          type="password"
          placeholder={t('contestUi.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="contest-password"
        />
        <Button type="submit" intent="primary" loading={busy} data-testid="contest-register">
          {t('contestUi.register')}
        </Button>
      </form>
    </Callout>
  );
}

/** Whether tabs are hidden to the right of the strip (phones, issue #26 item 8); follows scroll and resize. */
function useTabsOverflow(ref: RefObject<HTMLDivElement | null>, count: number): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const list = ref.current?.querySelector<HTMLElement>('[role="tablist"]');
    if (!list) return;
    const check = () => setMore(list.scrollLeft + list.clientWidth < list.scrollWidth - 2);
    check();
    list.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      list.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [ref, count]);
  return more;
}

function ContestBody({
  contest,
  reloadAccess,
  access,
}: {
  /** From get-contest-info (isContestAdmin there), or a contest read elsewhere without it. */
  contest: ContestVO & Partial<Pick<ContestInfoVO, 'isContestAdmin'>>;
  access: boolean;
  reloadAccess(): void;
}) {
  const { t } = useTranslation();
  const params = useParams<{ contestID: string }>();
  const cid = params.contestID;
  const [location, navigate] = useLocation();
  const user = useSession((s) => s.user);
  const superAdmin = useSession(isSuperAdmin);
  const openComment = useSite((s) => s.config.openContestComment);
  const clock = useContestClock(contest);
  // the server's answer covers group owners; the author/root rule is the fallback
  const isContestAdmin = contest.isContestAdmin ?? isContestAdminFor(user, contest);
  // the screens drawn inside the shell (problem detail) read the contest from the store
  const setCurrent = useContestStore((s) => s.setCurrent);
  useEffect(() => setCurrent(contest, isContestAdmin), [contest, isContestAdmin, setCurrent]);
  const facts = {
    phase: clock.phase,
    contest,
    access,
    isContestAdmin,
    isSuperAdmin: superAdmin,
    openContestComment: openComment,
  };
  const tabs = contestTabs(facts);
  useUnreadAnnouncements(
    cid,
    tabs.some((x) => x.name === 'announcements' && x.enabled),
  );
  const tabsRef = useRef<HTMLDivElement>(null);
  const moreTabs = useTabsOverflow(tabsRef, tabs.length);
  const [inDetail] = useRoute(SUBMISSION_DETAIL_PATH);
  const [inProblem] = useRoute(PROBLEM_DETAIL_PATH);
  const wanted = inDetail ? 'submissions' : inProblem ? 'problems' : tabOfPath(location, cid);
  const current = tabs.find((x) => x.name === wanted && x.enabled)?.name ?? 'overview';
  const base = `/contest/${cid}`;
  const qaUnread = useQaBadge(
    Number(cid),
    current === 'comment',
    tabs.some((x) => x.name === 'comment' && x.enabled),
  );

  const panel = () => {
    switch (current) {
      case 'problems':
        if (inProblem)
          return (
            <Suspense fallback={<Spinner />}>
              <Route path={PROBLEM_DETAIL_PATH}>
                <ProblemDetail />
              </Route>
            </Suspense>
          );
        return <ContestProblemsTab cid={cid} />;
      case 'submissions':
        if (inDetail)
          return (
            <Suspense fallback={<Spinner />}>
              <Route path={SUBMISSION_DETAIL_PATH}>
                <SubmissionDetail />
              </Route>
            </Suspense>
          );
        return <ContestSubmissionsTab cid={cid} contest={contest} />;
      case 'rank':
        return (
          <RankBoard
            cid={cid}
            contest={contest}
            outside={false}
            ended={clock.phase === 'ended'}
            isContestAdmin={isContestAdmin}
            sealed={clock.phase === 'sealed' && !isContestAdmin}
          />
        );
      case 'announcements':
        return <AnnouncementsTab cid={cid} />;
      case 'print':
        return <PrintTab cid={cid} />;
      case 'ac-info':
        return <AcInfoTab cid={cid} />;
      case 'admin-print':
        return <AdminPrintTab cid={cid} />;
      case 'rejudge':
        return <RejudgeTab cid={cid} />;
      case 'scroll-board':
        return <ScrollBoardSettings cid={cid} />;
      case 'comment':
        return <ContestComments cid={Number(cid)} isContestAdmin={isContestAdmin} />;
      default:
        return (
          <div data-testid="contest-overview">
            {showPasswordForm(facts) && <PasswordForm cid={cid} onRegistered={reloadAccess} />}
            {clock.phase === 'ended' && (
              <Button
                icon="history"
                minimal
                onClick={() => navigate(`/contest/${cid}/virtual`)}
                data-testid="contest-virtual"
              >
                {t('virtualUi.title')}
              </Button>
            )}
            <Card className="oj-contest-description">
              {contest.description ? (
                <MathMarkdown source={contest.description} />
              ) : (
                t('contestUi.noDescription')
              )}
            </Card>
          </div>
        );
    }
  };

  return (
    <div className="oj-contest-area" data-testid="contest-area">
      <ContestHeader contest={contest} clock={clock} isContestAdmin={isContestAdmin} />
      <div className="oj-contest-tabs-wrap" ref={tabsRef} data-more={moreTabs}>
        <Tabs
          id="contest-tabs"
          selectedTabId={current}
          onChange={(id) => navigate(id === 'overview' ? base : `${base}/${String(id)}`)}
          className="oj-contest-tabs"
          renderActiveTabPanelOnly
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.name}
              id={tab.name}
              disabled={!tab.enabled}
              title={
                tab.name === 'comment' && qaUnread > 0 ? (
                  <>
                    {t(`contestUi.tab.${tab.name}`)}{' '}
                    <Tag
                      round
                      intent="danger"
                      data-testid="qa-unread-badge"
                      aria-label={t('contestUi.qaUnread', { count: qaUnread })}
                    >
                      {qaUnread}
                    </Tag>
                  </>
                ) : (
                  t(`contestUi.tab.${tab.name}`)
                )
              }
              data-testid={`contest-tab-${tab.name}`}
            />
          ))}
        </Tabs>
        {moreTabs && (
          <span className="oj-contest-tabs-more" data-testid="contest-tabs-more" aria-hidden>
            <Icon icon="chevron-right" />
          </span>
        )}
      </div>
      <div className="oj-contest-panel" data-testid={`contest-panel-${current}`}>
        {panel()}
      </div>
    </div>
  );
}

export function ContestAreaPage() {
  const { t } = useTranslation();
  const { contestID } = useParams<{ contestID: string }>();
  const info = useLoad(() => contestApi.info(contestID), [contestID]);
  const access = useLoad(() => contestApi.access(contestID), [contestID]);
  if (info.loading && !info.data) return <Spinner data-testid="contest-loading" />;
  if (!info.data)
    return (
      <NonIdealState
        icon="error"
        title={t('contestUi.loadFailed')}
        action={<Button onClick={info.reload}>{t('contestUi.retry')}</Button>}
      />
    );
  // Registering changes the participant count too: both are read again (issue #26 item 8).
  const registered = () => {
    access.reload();
    info.reload();
  };
  return <ContestBody contest={info.data} access={!!access.data?.access} reloadAccess={registered} />;
}
