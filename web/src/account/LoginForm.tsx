import { Button, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../store/session';
import { useSite } from '../store/site';
import { useUi } from '../store/ui';
import { toast } from '../shell/toaster';
import { accountApi } from './api';
import { Field } from './Field';
import { SlideVerify } from './SlideVerify';
import { needsSlider, useAccount } from './store';
import { hasErrors, validateLogin, type Errors, type LoginForm as Form } from './validation';

/** Tolerance of the login dialog's slider (spec §5). */
const LOGIN_SLIDER_TOLERANCE = 3;

export function LoginForm() {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors<keyof Form>>({});
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);
  const [sliderKey, setSliderKey] = useState(0);
  const failures = useAccount((s) => s.loginFailures);
  const registerOpen = useSite((s) => s.config.register);
  const setMode = useUi((s) => s.setAccountDialogMode);
  const close = useUi((s) => s.closeAccountDialog);
  const sliderNeeded = needsSlider(failures);

  const update = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(form);
    setErrors(found);
    if (hasErrors(found)) return;
    if (sliderNeeded && !verified) {
      toast.warning(t('account.slider.required'));
      return;
    }
    setBusy(true);
    try {
      const env = await accountApi.login(form.username.trim(), form.password);
      if (env.data) useSession.getState().signIn(null, env.data);
      useAccount.getState().loginSucceeded();
      toast.success(t('account.welcomeBack'));
      close();
    } catch {
      useAccount.getState().loginFailed();
      setVerified(false);
      setSliderKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
      <Field
        id="login-username"
        label={t('account.username')}
        value={form.username}
        onChange={update('username')}
        error={errors.username}
        autoComplete="username"
      />
      <Field
        id="login-password"
        label={t('account.password')}
        type="password"
        value={form.password}
        onChange={update('password')}
        error={errors.password}
        autoComplete="current-password"
      />
      {sliderNeeded && (
        <div className="oj-account__slider">
          <SlideVerify
            key={sliderKey}
            tolerance={LOGIN_SLIDER_TOLERANCE}
            onSuccess={() => setVerified(true)}
          />
        </div>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        fill
        loading={busy}
        disabled={sliderNeeded && !verified}
        data-testid="login-submit"
      >
        {t('account.login')}
      </Button>
      <div className="oj-account__links">
        {registerOpen && (
          <Button
            variant="minimal"
            size="small"
            onClick={() => setMode('Register')}
            data-testid="to-register"
          >
            {t('account.noAccount')}
          </Button>
        )}
        <Button variant="minimal" size="small" onClick={() => setMode('ResetPwd')} data-testid="to-reset">
          {t('account.forgotPassword')}
        </Button>
      </div>
    </form>
  );
}
