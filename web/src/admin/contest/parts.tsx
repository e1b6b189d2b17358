// Pieces the contest admin forms and dialogs share.
import { Button, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled one-line text field; `id` ties the label to the input. */
export function TextField({
  label,
  id,
  value,
  onChange,
  testId,
  required,
  type,
}: {
  label: string;
  id: string;
  value: string;
  onChange(value: string): void;
  testId?: string;
  required?: boolean;
  type?: 'number';
}) {
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined}>
      <InputGroup
        id={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </FormGroup>
  );
}

/** Runs a save with a busy flag; a failed request is already shown by the API client. */
export function useSaving(): { busy: boolean; run(save: () => Promise<void>): Promise<void> } {
  const [busy, setBusy] = useState(false);
  const run = async (save: () => Promise<void>) => {
    setBusy(true);
    try {
      await save();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** A dialog footer with the one primary Save button. */
export function SaveFooter({ busy, onSave, testId }: { busy: boolean; onSave(): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <DialogFooter
      actions={
        <Button intent="primary" loading={busy} onClick={onSave} data-testid={testId}>
          {t('adminContest.save')}
        </Button>
      }
    />
  );
}
