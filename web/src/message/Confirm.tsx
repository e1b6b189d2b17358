// A button that asks before it acts (deleting a message, a discussion, a notice).
import { Alert, Button, type ButtonProps } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ConfirmButton({
  question,
  onConfirm,
  testId,
  ...button
}: ButtonProps & { question: string; onConfirm(): void | Promise<void>; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} data-testid={testId} onClick={() => setOpen(true)} />
      <Alert
        isOpen={open}
        intent="danger"
        icon="trash"
        cancelButtonText={t('discussionUi.cancel')}
        confirmButtonText={t('discussionUi.delete')}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          void onConfirm();
        }}
      >
        <p data-testid={testId ? `${testId}-question` : undefined}>{question}</p>
      </Alert>
    </>
  );
}
