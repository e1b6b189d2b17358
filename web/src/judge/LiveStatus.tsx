// The status display after a submit, driven by the shared submission machine. It shows the status
// only (Pending → Judging → verdict): how it arrives (push or a resync read) is not the reader's concern.
import { Button, ProgressBar } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { submissionMachine } from '@oj/protocol/submission/machine';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { applyToward } from './live-status';
import { StatusText } from './StatusTag';
import { useSubmissionWatch } from './watch';

export interface LiveStatusProps {
  /** null while the submit request is in flight. */
  submitId: number | null;
  /** Submit failed: the machine goes to 'abandoned' and the display hides. */
  failed: boolean;
  onFinal?(status: number): void;
}

export function LiveStatus({ submitId, failed, onFinal }: LiveStatusProps) {
  const { t } = useTranslation();
  const actor = useActorRef(submissionMachine, { input: {} });
  const state = useSelector(actor, (s) => s.value as string);
  const status = useSelector(actor, (s) => s.context.status);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  useEffect(() => {
    if (failed) actor.send({ type: 'SUBMIT_FAILED' });
  }, [failed, actor]);

  useEffect(() => {
    if (submitId !== null)
      applyToward(
        () => actor.getSnapshot(),
        (e) => actor.send(e),
        5,
        'submitted',
      );
  }, [submitId, actor]);

  useSubmissionWatch(submitId, (s, reason, update) => {
    applyToward(
      () => actor.getSnapshot(),
      (e) => actor.send(e),
      s,
      reason,
    );
    if (update?.casesTotal) setProgress({ done: update.casesDone ?? 0, total: update.casesTotal });
  });

  useEffect(() => {
    if (state === 'finished') onFinal?.(status);
    // only when the machine settles or the verdict changes
  }, [state, status]);

  if (state === 'abandoned') return null;
  return (
    <div className="oj-live-status" data-testid="submission-status-banner" data-state={state}>
      <StatusText status={status} testId="verdict-text" />
      {(state === 'judging' || state === 'compiling' || state === 'pending') && (
        <ProgressBar
          className="oj-live-progress"
          value={progress && progress.total ? progress.done / progress.total : undefined}
          intent="primary"
        />
      )}
      {submitId !== null && (
        <Link href={`/submission-detail/${submitId}`}>
          <Button minimal small data-testid="submission-detail-link">
            {t('editor.viewDetail')}
          </Button>
        </Link>
      )}
    </div>
  );
}
