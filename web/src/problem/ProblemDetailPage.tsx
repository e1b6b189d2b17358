// /problem/:problemID and its contest, group and training variants: statement left, editor right.
import { Button, Callout, NonIdealState, Spinner, Tab, Tabs, TabsExpander } from '@blueprintjs/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import '../judge/screens.css';
import { useLoad } from '../shell/useLoad';
import { useMediaQuery } from '../shell/useMediaQuery';
import { isLoggedIn, useSession } from '../store/session';
import { useSite } from '../store/site';
import { useUi } from '../store/ui';
import { Link } from 'wouter';
import type { Scope } from './CodePanel';
import { parseExamples } from './examples';
import { ProblemNavStrip } from './ProblemNavStrip';
import { loadProblemDetail } from './preload';
import { Statement } from './Statement';
import { statementShown, useAfterStatement } from './statement-first';
import './problem.css';

// The editor (CodeMirror, the judge's live status) and the submissions tab come after the
// statement (issue #29); the editor's pane keeps its size meanwhile, so nothing moves.
const CodePanel = lazy(() => import('./CodePanel').then((m) => ({ default: m.CodePanel })));
const MySubmissions = lazy(() => import('./MySubmissions').then((m) => ({ default: m.MySubmissions })));

function EditorPending() {
  return <div className="oj-code-panel oj-code-pending" data-testid="code-panel-pending" />;
}

export const LEFT_MIN = 420;
export const RIGHT_MIN = 580;

/** Left pane width after a drag, kept within both minimums. */
export function clampLeft(width: number, total: number): number {
  return Math.max(LEFT_MIN, Math.min(width, total - RIGHT_MIN));
}

function Annex({ raw }: { raw: string | null }) {
  const { t } = useTranslation();
  let files: Record<string, string> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') files = parsed as Record<string, string>;
  } catch {
    files = {};
  }
  const names = Object.keys(files);
  if (names.length === 0) return <NonIdealState title={t('problem.noAnnex')} />;
  return (
    <ul data-testid="problem-annex">
      {names.map((name) => (
        <li key={name}>
          <a
            href={URL.createObjectURL(new Blob([String(files[name])], { type: 'text/plain' }))}
            download={name}
          >
            {name}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ProblemDetailPage({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  const params = useParams<{
    problemID: string;
    contestID?: string;
    groupID?: string;
    trainingID?: string;
  }>();
  const problemID = decodeURIComponent(params.problemID ?? '');
  const scope: Scope = useMemo(
    () => ({ cid: params.contestID, gid: params.groupID, tid: params.trainingID }),
    [params.contestID, params.groupID, params.trainingID],
  );
  const loggedIn = useSession(isLoggedIn);
  const openLogin = useUi((st) => st.openAccountDialog);
  const narrow = useMediaQuery('(max-width: 1023px)');
  const [focus, setFocus] = useState(fullScreen);
  const [tab, setTab] = useState('description');
  const [refresh, setRefresh] = useState(0);
  const [leftWidth, setLeftWidth] = useState<number | null>(null);
  const container = useRef<HTMLDivElement>(null);

  const site = useSite((st) => st.config);
  const discussionOn = !scope.cid && (scope.gid ? site.openGroupDiscussion : site.openPublicDiscussion);
  const detail = useLoad(() => loadProblemDetail(problemID, scope), [problemID, scope, refresh]);
  const examples = useMemo(() => parseExamples(detail.data?.problem.examples), [detail.data]);
  const onJudged = useCallback(() => setRefresh((n) => n + 1), []);
  const editorDue = useAfterStatement();
  const failed = !detail.loading && !detail.data;
  useEffect(() => {
    if (failed) statementShown();
  }, [failed]);

  const startDrag = (e: React.MouseEvent) => {
    e.preventDefault();
    const box = container.current?.getBoundingClientRect();
    if (!box) return;
    const move = (ev: MouseEvent) => setLeftWidth(clampLeft(ev.clientX - box.left, box.width));
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  const left =
    detail.loading && !detail.data ? (
      <Spinner data-testid="problem-loading" />
    ) : detail.data ? (
      <Tabs selectedTabId={tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
        <Tab id="description" title={t('problem.description')} panel={<Statement detail={detail.data} />} />
        <Tab
          id="mine"
          title={t('problem.mySubmission')}
          panel={
            loggedIn ? (
              <Suspense fallback={<Spinner size={20} />}>
                <MySubmissions problemId={detail.data.problem.problemId} refresh={refresh} gid={scope.gid} />
              </Suspense>
            ) : (
              <Callout>
                {t('problem.loginToSee')}{' '}
                <Button
                  small
                  intent="primary"
                  onClick={() => openLogin('Login')}
                  data-testid="my-submissions-login"
                >
                  {t('account.login')}
                </Button>
              </Callout>
            )
          }
        />
        <Tab
          id="annex"
          title={t('problem.annex')}
          panel={<Annex raw={detail.data.problem.userExtraFile} />}
        />
        {discussionOn && <TabsExpander />}
        {discussionOn && (
          <Link
            href={
              scope.gid
                ? `/group/${scope.gid}/discussion/${encodeURIComponent(problemID)}`
                : `/discussion/${encodeURIComponent(detail.data.problem.problemId)}`
            }
            data-testid="problem-discussion-link"
          >
            {t('problem.discussion')}
          </Link>
        )}
      </Tabs>
    ) : (
      <div data-testid="problem-load-failed">
        <NonIdealState icon="error" title={t('problem.loadFailed')} />
      </div>
    );

  return (
    <div ref={container} className={`oj-pd${focus ? ' oj-pd-focus' : ''}`} data-testid="problem-detail">
      <div
        className="oj-pd-left"
        style={!narrow && leftWidth ? { width: leftWidth, flex: 'none' } : { flex: 1 }}
      >
        {left}
      </div>
      <div
        className="oj-pd-divider"
        role="separator"
        aria-orientation="vertical"
        onMouseDown={startDrag}
        data-testid="pane-divider"
      />
      <div className="oj-pd-right">
        {editorDue ? (
          <Suspense fallback={<EditorPending />}>
            <CodePanel
              detail={detail.data}
              submitPid={scope.cid ? problemID : (detail.data?.problem.problemId ?? problemID)}
              scope={scope}
              examples={examples}
              focus={focus}
              onFocus={setFocus}
              onJudged={onJudged}
            />
          </Suspense>
        ) : (
          <EditorPending />
        )}
        {(scope.cid || scope.tid) && loggedIn && (
          <ProblemNavStrip scope={scope} current={problemID} refresh={refresh} />
        )}
      </div>
    </div>
  );
}
