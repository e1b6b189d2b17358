import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** i18n key of the current error. */
  error?: string | null;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  readOnly?: boolean;
  rightElement?: JSX.Element;
  maxLength?: number;
  after?: ReactNode;
}

/** A labelled input that shows its validation message under it. */
export function Field({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  after,
  ...rest
}: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={label}
      labelFor={id}
      helperText={error ? <span role="alert">{t(error)}</span> : undefined}
      intent={error ? Intent.DANGER : Intent.NONE}
    >
      <InputGroup
        id={id}
        name={id}
        data-testid={id}
        type={type}
        value={value}
        intent={error ? Intent.DANGER : Intent.NONE}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        aria-invalid={!!error}
        {...rest}
      />
      {after}
    </FormGroup>
  );
}
