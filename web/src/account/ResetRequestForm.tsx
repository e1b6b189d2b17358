import { Button, Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../shell/toaster';
import { useUi } from '../store/ui';
import { accountApi } from './api';
import { Field } from './Field';
import { RESET_COOLDOWN_S, useAccount, useCooldown } from './store';
import { hasErrors, validateResetRequest, type Errors, type ResetRequestForm as Form } from './validation';

const RESET_NOTICE_MS = 10_000;

async function emailExists(email: string): Promise<boolean> {
  try {
    return !!(await accountApi.checkUsernameOrEmail({ email: email.trim() }))?.email;
  } catch {
    return true; // cannot tell: let the server decide
  }
}

export function ResetRequestForm() {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>({ email: '', captcha: '' });
  const [errors, setErrors] = useState<Errors<keyof Form>>({});
  const [captcha, setCaptcha] = useState<{ img: string; captchaKey: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const cooldown = useCooldown('reset');
  const setMode = useUi((s) => s.setAccountDialogMode);

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await accountApi.captcha());
    } catch {
      setCaptcha(null);
    }
  }, []);
  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const update = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateResetRequest(form);
    if (!found.email && !(await emailExists(form.email))) found.email = 'The_email_does_not_exists';
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await accountApi.applyResetPassword({
        email: form.email.trim(),
        captcha: form.captcha.trim(),
        captchaKey: captcha?.captchaKey ?? '',
      });
      useAccount.getState().startCooldown('reset', RESET_COOLDOWN_S);
      toast.success(t('account.resetMailSent'), RESET_NOTICE_MS);
    } catch {
      setForm((f) => ({ ...f, captcha: '' }));
      void refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="reset-request-form">
      <Field
        id="reset-email"
        label={t('account.email')}
        type="email"
        value={form.email}
        onChange={update('email')}
        error={errors.email}
        autoComplete="email"
      />
      <Field
        id="reset-captcha"
        label={t('account.captcha')}
        value={form.captcha}
        onChange={update('captcha')}
        error={errors.captcha}
        maxLength={8}
        rightElement={
          <button
            type="button"
            className="oj-account__captcha"
            onClick={() => void refreshCaptcha()}
            aria-label={t('account.refreshCaptcha')}
            data-testid="reset-captcha-image"
          >
            {captcha ? <img src={captcha.img} alt={t('account.captcha')} /> : t('account.refreshCaptcha')}
          </button>
        }
      />
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        fill
        loading={busy}
        disabled={cooldown > 0}
        data-testid="reset-submit"
      >
        {cooldown > 0 ? t('account.resendIn', { seconds: cooldown }) : t('account.sendResetMail')}
      </Button>
      <div className="oj-account__links">
        <Button variant="minimal" size="small" onClick={() => setMode('Login')} data-testid="to-login">
          {t('account.backToLogin')}
        </Button>
      </div>
    </form>
  );
}
