// Pieces the contest admin forms and dialogs share.
import { Button, DialogFooter, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shell/toaster';

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

/**
 * The save of an edit dialog: warns with `missing` (a message key) when a required field is empty,
 * else writes, says `done` (a message key), then has the list reloaded and closes.
 */
export function useDialogSave(onSaved: () => void, onClose: () => void) {
  const { t } = useTranslation();
  const { busy, run } = useSaving();
  const save = async (missing: string | null, write: () => Promise<unknown>, done: string) => {
    if (missing) {
      toast.warning(t(missing));
      return;
    }
    await run(async () => {
      await write();
      toast.success(t(done));
      onSaved();
      onClose();
    });
  };
  return { busy, save };
}

/** A scrolling admin table with one header row. */
export function AdminTable({ columns, children }: { columns: ReactNode[]; children: ReactNode }) {
  return (
    <div className="oj-admin-scroll">
      <HTMLTable compact striped className="oj-admin-table">
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </HTMLTable>
    </div>
  );
}

/** The cross that removes row `i` of an editable list. */
export function RemoveRowButton<T>({ rows, i, onRows }: { rows: T[]; i: number; onRows(rows: T[]): void }) {
  const { t } = useTranslation();
  return (
    <Button
      small
      icon="cross"
      aria-label={t('adminContest.delete')}
      onClick={() => onRows(rows.filter((_, j) => j !== i))}
    />
  );
}
