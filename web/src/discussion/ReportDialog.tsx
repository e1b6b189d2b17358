// Report a discussion (spec part2 §5): six fixed labels and/or a reason of at most 200 characters.
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  TextArea,
} from '@blueprintjs/core';
import { MAX_REPORT_REASON, REPORT_TAGS, reportContent } from '@oj/protocol/discussion/posts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../shell/toaster';
import { useSession } from '../store/session';
import { reportError } from './post-rules';
import { postApi } from './posts-api';

export function ReportDialog({ did, open, onClose }: { did: number; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [labels, setLabels] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toggle = (label: string) =>
    setLabels((l) => (l.includes(label) ? l.filter((x) => x !== label) : [...l, label]));

  async function send() {
    const bad = reportError(labels, reason);
    if (bad) {
      setError(t(bad));
      return;
    }
    try {
      const names = labels.map((l) => t(`discussionUi.tags.${l}`));
      await postApi.report(did, user?.username ?? '', reportContent(names, reason));
      toast.success(t('discussionUi.reported'));
      setLabels([]);
      setReason('');
      setError(null);
      onClose();
    } catch {
      // shown by the client
    }
  }

  return (
    <Dialog isOpen={open} onClose={onClose} title={t('discussionUi.reportTitle')}>
      <DialogBody>
        {error && (
          <Callout intent="danger" compact data-testid="report-error">
            {error}
          </Callout>
        )}
        <FormGroup label={t('discussionUi.reportTags')}>
          <div className="oj-report-tags">
            {REPORT_TAGS.map((tag) => (
              <Checkbox
                key={tag}
                inline
                checked={labels.includes(tag)}
                label={t(`discussionUi.tags.${tag}`)}
                onChange={() => toggle(tag)}
                data-testid={`report-tag-${tag}`}
              />
            ))}
          </div>
        </FormGroup>
        <FormGroup label={t('discussionUi.reportReason')} labelFor="report-reason">
          <TextArea
            id="report-reason"
            fill
            rows={4}
            value={reason}
            intent={reason.length > MAX_REPORT_REASON ? 'danger' : 'none'}
            onChange={(e) => setReason(e.target.value)}
            data-testid="report-reason"
          />
          <div className="bp6-text-small bp6-text-muted">
            {reason.length} / {MAX_REPORT_REASON}
          </div>
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('discussionUi.cancel')} onClick={onClose} />
            <Button
              intent="danger"
              text={t('discussionUi.report')}
              onClick={send}
              data-testid="report-send"
            />
          </>
        }
      />
    </Dialog>
  );
}
