// /submission-detail/:submitID: status banner (live while judging), one-row table,
// test-case results (plain or by subtask), and the code with copy and share buttons.
import { Button, Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { JudgeStatus, isRunningStatus } from '@oj/protocol/enums/judge-status';
import type { CaseResultListSchema, JudgeCaseSchema } from '@oj/protocol/submission/schemas';
import type { Static } from '@sinclair/typebox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { http } from '../api/client';
import { copyText } from './copy';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { useSession } from '../store/session';
import { StatusText } from './StatusTag';
import { formatDate } from './SubmissionListPage';
import { CodeView } from './CodeView';
import { SampleCases, type SampleCase } from './SampleCases';
import { formatLength, formatMemory, formatTime, statusTone } from './status-meta';
import { useSubmissionWatch } from './watch';
import './screens.css';

type CaseRow = Static<typeof JudgeCaseSchema>;
type CaseResult = Static<typeof CaseResultListSchema>;

const SHOW_ERROR = new Set<number>([
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.SUBMITTED_FAILED,
]);

/** `showScore`: OI submissions only; an ACM case has no score of its own (issue #16: "/ 0"). */
function Cases({ cases, showScore }: { cases: CaseRow[]; showScore: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="oj-cases">
      {cases.map((c, i) => (
        <div
          key={i}
          className={`oj-case oj-status-${statusTone(c.status)}`}
          data-testid="case-result"
          title={c.userOutput ?? ''}
        >
          <div>{t('judge.caseNo', { n: i + 1 })}</div>
          <StatusText status={c.status} />
          <div>
            {formatTime(c.time)} / {formatMemory(c.memory)}
            {showScore && c.score !== null && c.score !== undefined ? ` / ${c.score}` : ''}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The sample cases of a case result, numbered as the case list shows them. */
export function sampleCasesOf(result: CaseResult | null | undefined): SampleCase[] {
  if (!result) return [];
  const groups = result.subTaskJudgeCaseVoList?.length
    ? result.subTaskJudgeCaseVoList.map((g) => g.subtaskDetailList)
    : [result.judgeCaseList ?? []];
  // Within a group the list numbers cases from 1 (Cases above); the seq is the case's own number.
  return groups.flatMap((list) =>
    list.flatMap((c, i) =>
      c.sampleIO ? [{ n: c.seq ?? i + 1, status: c.status, sampleIO: c.sampleIO }] : [],
    ),
  );
}

export function SubmissionDetailPage() {
  const { t } = useTranslation();
  const { submitID } = useParams<{ submitID: string }>();
  const submitId = Number(submitID);
  const user = useSession((s) => s.user);
  const [tick, setTick] = useState(0);
  const valid = Number.isInteger(submitId) && submitId > 0;
  const detail = useLoad(
    () =>
      valid
        ? http.get('/api/get-submission-detail', { submitId }, { quiet: true })
        : Promise.reject(new Error('bad id')),
    [submitId, tick],
  );
  // data null: the viewer may not read this submission's case results
  const cases = useLoad(
    (): Promise<CaseResult | null> =>
      valid ? http.get('/api/get-all-case-result', { submitId }, { quiet: true }) : Promise.resolve(null),
    [submitId, tick],
  );
  const s = detail.data?.submission;
  const running = !!s && isRunningStatus(s.status);
  useSubmissionWatch(running ? submitId : null, (status) => {
    if (!isRunningStatus(status)) setTick((n) => n + 1);
  });

  if (detail.loading && !detail.data) return <Spinner />;
  if (!s)
    return (
      <div data-testid="submission-not-found">
        <NonIdealState icon="error" title={t('judge.notFound')} />
      </div>
    );

  const own = !!user && user.uid === s.uid;
  const canShare = own && !s.cid && detail.data?.codeShare !== false;
  const toggleShare = async () => {
    const ok = await http
      .put('/api/submission', { submitId, share: !s.share, uid: s.uid })
      .then(() => true)
      .catch(() => false);
    if (!ok) return;
    toast.success(t(s.share ? 'judge.unshared' : 'judge.shared'));
    setTick((n) => n + 1);
  };
  // A failed remote submission: its owner resubmits it from here too (spec part 1: resubmit of SF).
  const resubmit = async () => {
    const ok = await http
      .get('/api/resubmit', { submitId })
      .then(() => true)
      .catch(() => false);
    if (!ok) return;
    toast.success(t('judge.resubmitted'));
    setTick((n) => n + 1);
  };

  return (
    <div className="oj-screen" data-testid="submission-detail">
      <div className={`oj-banner oj-status-${statusTone(s.status)}`} data-testid="submission-status-banner">
        <StatusText status={s.status} testId="verdict-text" />
        {own && s.status === JudgeStatus.SUBMITTED_FAILED && (
          <Button
            small
            icon="refresh"
            data-testid="detail-resubmit"
            text={t('judge.resubmit')}
            onClick={() => void resubmit()}
          />
        )}
        {SHOW_ERROR.has(s.status) && s.errorMessage && (
          <pre data-testid="submission-error">{s.errorMessage}</pre>
        )}
      </div>
      <div className="oj-table-wrap">
        <HTMLTable compact bordered>
          <thead>
            <tr>
              <th>{t('judge.runId')}</th>
              <th>{t('judge.problem')}</th>
              <th>{t('judge.author')}</th>
              <th>{t('judge.score')}</th>
              <th>{t('judge.time')}</th>
              <th>{t('judge.memory')}</th>
              <th className="oj-hide-phone">{t('judge.length')}</th>
              <th className="oj-hide-phone">{t('judge.language')}</th>
              <th className="oj-hide-phone">{t('judge.judger')}</th>
              <th className="oj-hide-phone">{t('judge.submitTime')}</th>
            </tr>
          </thead>
          <tbody>
            <tr data-testid="submission-detail-row">
              <td>{s.submitId}</td>
              <td>
                {s.displayPid === null ? (
                  '--'
                ) : (
                  <Link href={`/problem/${encodeURIComponent(s.displayPid)}`}>{s.displayPid}</Link>
                )}
              </td>
              <td>
                {s.uid === null || s.username === null ? (
                  (s.username ?? '--')
                ) : (
                  <Link
                    href={`/user-home?uid=${encodeURIComponent(s.uid)}&username=${encodeURIComponent(s.username)}`}
                  >
                    {s.username}
                  </Link>
                )}
              </td>
              <td>{s.score ?? '--'}</td>
              <td>{formatTime(s.time)}</td>
              <td>{formatMemory(s.memory)}</td>
              <td className="oj-hide-phone">{formatLength(s.length)}</td>
              <td className="oj-hide-phone">{s.language ?? '--'}</td>
              <td className="oj-hide-phone">{s.judger ?? '--'}</td>
              <td className="oj-hide-phone">{formatDate(s.submitTime)}</td>
            </tr>
          </tbody>
        </HTMLTable>
      </div>
      {cases.data && (
        <section data-testid="case-results">
          <h3>{t('judge.caseResult')}</h3>
          {cases.data.subTaskJudgeCaseVoList?.length ? (
            cases.data.subTaskJudgeCaseVoList.map((g) => (
              <div key={g.groupNum} data-testid="subtask-group">
                <strong>
                  {t('judge.subtask', { n: g.groupNum })} <StatusText status={g.status} /> {g.score} ({g.ac}/
                  {g.total})
                </strong>
                <Cases cases={g.subtaskDetailList} showScore={s.score !== null && s.score !== undefined} />
              </div>
            ))
          ) : (
            <Cases
              cases={cases.data.judgeCaseList ?? []}
              showScore={s.score !== null && s.score !== undefined}
            />
          )}
        </section>
      )}
      <SampleCases cases={sampleCasesOf(cases.data)} />
      <section>
        <h3>
          {t('judge.code')}{' '}
          {s.code && (
            <Button
              small
              icon="duplicate"
              onClick={() => void copyText(s.code ?? '')}
              data-testid="code-copy"
            >
              {t('judge.copy')}
            </Button>
          )}{' '}
          {canShare && (
            <Button small icon="share" onClick={() => void toggleShare()} data-testid="code-share">
              {s.share ? t('judge.unshare') : t('judge.share')}
            </Button>
          )}
        </h3>
        {s.code ? (
          <CodeView code={s.code} language={s.language ?? ''} testId="submission-code" />
        ) : (
          <Callout>{t('judge.codeHidden')}</Callout>
        )}
      </section>
    </div>
  );
}
