// /reset-password?username&code: the link from the reset e-mail.
import { Button, Card, H3, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { toast } from '../shell/toaster';
import { useUi } from '../store/ui';
import { accountApi } from './api';
import { Field } from './Field';
import { hasErrors, validateNewPassword, type Errors, type NewPasswordForm as Form } from './validation';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const code = params.get('code') ?? '';
  const [form, setForm] = useState<Form>({
    username: params.get('username') ?? '',
    password: '',
    passwordAgain: '',
  });
  const [errors, setErrors] = useState<Errors<keyof Form>>({});
  const [busy, setBusy] = useState(false);

  const update = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateNewPassword(form);
    if (!found.username) {
      try {
        const res = await accountApi.checkUsernameOrEmail({ username: form.username });
        if (!res?.username) found.username = 'The_username_does_not_exists';
      } catch {
        // cannot tell: the server will say
      }
    }
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await accountApi.resetPassword({ username: form.username, password: form.password, code });
      toast.success(t('account.resetSuccess'));
      navigate('/');
      useUi.getState().openAccountDialog('Login');
    } catch {
      // message already shown
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="oj-narrow-card" data-testid="reset-password-page">
      <H3>{t('account.resetPassword')}</H3>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          id="newpwd-username"
          label={t('account.username')}
          value={form.username}
          onChange={update('username')}
          error={errors.username}
          readOnly
        />
        <Field
          id="newpwd-password"
          label={t('account.newPassword')}
          type="password"
          value={form.password}
          onChange={update('password')}
          error={errors.password}
          autoComplete="new-password"
        />
        <Field
          id="newpwd-password-again"
          label={t('account.passwordAgain')}
          type="password"
          value={form.passwordAgain}
          onChange={update('passwordAgain')}
          error={errors.passwordAgain}
          autoComplete="new-password"
        />
        <Button type="submit" intent={Intent.PRIMARY} fill loading={busy} data-testid="newpwd-submit">
          {t('account.resetPassword')}
        </Button>
      </form>
    </Card>
  );
}
