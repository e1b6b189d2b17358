// Admin dialog to set a verdict by hand or cancel a submission (spec §4 Manual judge).
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  NumericInput,
} from '@blueprintjs/core';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { MANUAL_STATUSES } from '@oj/protocol/submission/final-statuses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/client';
import { toast } from '../shell/toaster';
import { statusKey } from './status-meta';

export interface ManualRow {
  submitId: number;
  status: number;
  score: number | null;
}

/** Whether the dialog may open at all for a row (editing is off while judging and for CE). */
export function manualJudgeAllowed(status: number): boolean {
  return (
    status !== JudgeStatus.JUDGING && status !== JudgeStatus.COMPILING && status !== JudgeStatus.COMPILE_ERROR
  );
}

export function ManualJudgeDialog({
  row,
  onClose,
  onDone,
}: {
  row: ManualRow;
  onClose(): void;
  onDone(patch: { submitId: number; status: number; score: number | null }): void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState(
    MANUAL_STATUSES.includes(row.status) ? row.status : JudgeStatus.ACCEPTED,
  );
  const [score, setScore] = useState(row.score ?? 0);
  const [busy, setBusy] = useState(false);

  const modify = async () => {
    setBusy(true);
    const params = { submitId: row.submitId, status, ...(row.score !== null ? { score } : {}) };
    const res = await http.get('/api/admin/judge/manual-judge', params).catch(() => null);
    setBusy(false);
    if (!res) return;
    toast.success(t('judge.updated'));
    onDone({ submitId: row.submitId, status: res.status, score: res.score });
    onClose();
  };

  const cancel = async () => {
    setBusy(true);
    const res = await http.get('/api/admin/judge/cancel-judge', { submitId: row.submitId }).catch(() => null);
    setBusy(false);
    if (!res) return;
    toast.success(t('judge.cancelled'));
    onDone({ submitId: row.submitId, status: JudgeStatus.CANCELLED, score: null });
    onClose();
  };

  return (
    <Dialog isOpen onClose={onClose} title={`${t('judge.manualJudge')} #${row.submitId}`}>
      <DialogBody>
        <FormGroup label={t('judge.status')}>
          <HTMLSelect
            value={status}
            data-testid="manual-status"
            onChange={(e) => setStatus(Number(e.currentTarget.value))}
            options={[
              ...MANUAL_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) })),
              { value: JudgeStatus.CANCELLED, label: t(statusKey(JudgeStatus.CANCELLED)), disabled: true },
            ]}
          />
        </FormGroup>
        {row.score !== null && (
          <FormGroup label={t('judge.score')}>
            <NumericInput value={score} min={0} onValueChange={(v) => setScore(Number.isFinite(v) ? v : 0)} />
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              intent="danger"
              loading={busy}
              disabled={row.status === JudgeStatus.CANCELLED}
              onClick={() => void cancel()}
              data-testid="manual-cancel"
            >
              {t('judge.cancelEvaluation')}
            </Button>
            <Button
              intent="primary"
              loading={busy}
              disabled={row.status === JudgeStatus.PENDING}
              onClick={() => void modify()}
              data-testid="manual-modify"
            >
              {t('judge.modifyEvaluation')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
