// Generated accounts: prefix + number + suffix for a number range, random passwords, and the
// spreadsheet of the passwords to download.
import { Button, FormGroup, InputGroup, Intent, NumericInput } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../shell/save-blob';
import { toast } from '../../shell/toaster';
import { adminApi } from '../api';

export function GenerateUsers() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ prefix: '', suffix: '', from: 1, to: 10, length: 6 });
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const set =
    <K extends keyof typeof form>(k: K) =>
    (v: (typeof form)[K]) =>
      setForm((f) => ({ ...f, [k]: v }));
  const fetchSheet = async (k: string) => {
    const file = await adminApi.generatedSheet(k);
    saveBlob(file.blob, file.fileName ?? `${k}.xlsx`);
  };
  const run = async () => {
    if (form.to < form.from) return toast.warning(t('admin.users.rangeError'));
    setBusy(true);
    try {
      const r = await adminApi.generate({
        prefix: form.prefix,
        suffix: form.suffix,
        number_from: form.from,
        number_to: form.to,
        password_length: form.length,
      });
      setKey(r.key);
      toast.success(t('admin.users.generated', { n: form.to - form.from + 1 }));
      await fetchSheet(r.key);
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="generate-users">
      <div className="oj-admin-form-row">
        <FormGroup label={t('admin.users.prefix')}>
          <InputGroup value={form.prefix} onValueChange={set('prefix')} data-testid="gen-prefix" />
        </FormGroup>
        <FormGroup label={t('admin.users.suffix')}>
          <InputGroup value={form.suffix} onValueChange={set('suffix')} data-testid="gen-suffix" />
        </FormGroup>
      </div>
      <div className="oj-admin-form-row">
        <FormGroup label={t('admin.users.from')}>
          <NumericInput
            fill
            min={0}
            value={form.from}
            onValueChange={(n) => set('from')(n)}
            data-testid="gen-from"
          />
        </FormGroup>
        <FormGroup label={t('admin.users.to')}>
          <NumericInput
            fill
            min={0}
            value={form.to}
            onValueChange={(n) => set('to')(n)}
            data-testid="gen-to"
          />
        </FormGroup>
        <FormGroup label={t('admin.users.passwordLength')}>
          <NumericInput fill min={6} max={25} value={form.length} onValueChange={(n) => set('length')(n)} />
        </FormGroup>
      </div>
      <Button intent={Intent.PRIMARY} loading={busy} onClick={() => void run()} data-testid="gen-run">
        {t('admin.users.generate')}
      </Button>{' '}
      {key && (
        <Button icon="download" onClick={() => void fetchSheet(key)} data-testid="gen-download">
          {t('admin.users.download')}
        </Button>
      )}
    </div>
  );
}
