// The group profile form: create dialog and settings tab (spec §2.1, §2.11, §5; fields checked on blur).
import { Button, FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { GROUP_LIMITS, GroupAuth, type GroupBody } from '@oj/protocol/group';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownEditor } from '../shell/MarkdownEditor';
import { EMPTY_GROUP_FORM, groupFormErrors, type FieldError, type GroupForm as Form } from './rules';

export function useFieldErrorText() {
  const { t } = useTranslation();
  return (e: FieldError | undefined) =>
    e ? t(`groupUi.${e.key}`, e.key === 'lengthBetween' ? { min: e.min, max: e.max } : {}) : undefined;
}

export function GroupForm({
  initial,
  gid,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<Form>;
  gid?: number;
  submitLabel: string;
  onSubmit(body: GroupBody): Promise<void>;
  onCancel?(): void;
}) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [form, setForm] = useState<Form>({ ...EMPTY_GROUP_FORM, ...initial });
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const errors = groupFormErrors(form);
  const shown = (k: keyof Form) => (touched.has(k) ? errors[k] : undefined);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const blur = (k: keyof Form) => () => setTouched((s) => new Set(s).add(k));
  // The field's rule stays beside it before anything is typed (issue #26 item 5); an error replaces it.
  const ruleText = (k: 'name' | 'shortName' | 'brief' | 'code' | 'description') =>
    k === 'code'
      ? t('groupCreateRule.codeRule')
      : t('groupCreateRule.lengthRule', { min: GROUP_LIMITS[k][0], max: GROUP_LIMITS[k][1] });
  const text = (k: 'name' | 'shortName' | 'brief' | 'code') => (
    <FormGroup
      label={t(`groupUi.${k}`)}
      labelInfo="*"
      intent={shown(k) ? 'danger' : 'none'}
      helperText={<span data-testid={`group-form-${k}-help`}>{errorText(shown(k)) ?? ruleText(k)}</span>}
    >
      <InputGroup
        value={form[k]}
        intent={shown(k) ? 'danger' : 'none'}
        onChange={(e) => set(k, e.target.value)}
        onBlur={blur(k)}
        data-testid={`group-form-${k}`}
      />
    </FormGroup>
  );
  const submit = async () => {
    setTouched(new Set(Object.keys(form)));
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({
        name: form.name.trim(),
        shortName: form.shortName.trim(),
        brief: form.brief.trim(),
        auth: form.auth,
        code: form.auth === GroupAuth.PUBLIC ? null : form.code,
        visible: form.visible,
        description: form.description,
      });
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="oj-group-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="group-form"
    >
      <div className="oj-group-form-grid">
        {text('name')}
        {text('shortName')}
        {text('brief')}
        <FormGroup label={t('groupUi.auth')} labelInfo="*">
          <HTMLSelect
            value={form.auth}
            onChange={(e) => set('auth', Number(e.target.value))}
            data-testid="group-form-auth"
            options={[
              { value: 1, label: t('groupUi.public') },
              { value: 2, label: t('groupUi.protected') },
              { value: 3, label: t('groupUi.private') },
            ]}
          />
        </FormGroup>
        {form.auth !== GroupAuth.PUBLIC && text('code')}
        <Switch
          checked={form.visible}
          label={t('groupUi.visible')}
          onChange={(e) => set('visible', e.currentTarget.checked)}
          data-testid="group-form-visible"
        />
      </div>
      <FormGroup
        label={t('groupUi.description')}
        labelInfo="*"
        intent={shown('description') ? 'danger' : 'none'}
        helperText={
          <span data-testid="group-form-description-help">
            {errorText(shown('description')) ?? ruleText('description')}
          </span>
        }
      >
        <div onBlur={blur('description')}>
          <MarkdownEditor
            value={form.description}
            onChange={(v) => set('description', v)}
            gid={gid ?? null}
            rows={8}
            maxLength={1000}
            testId="group-form-description"
          />
        </div>
      </FormGroup>
      <div className="oj-group-form-actions">
        {onCancel && <Button onClick={onCancel}>{t('groupUi.cancel')}</Button>}
        <Button type="submit" intent="primary" loading={busy} data-testid="group-form-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
