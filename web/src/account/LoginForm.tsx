import { Button, Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../store/session';
import { useSite } from '../store/site';
import { useUi } from '../store/ui';
import { toast } from '../shell/toaster';
import { ApiError } from '../api/client';
import { accountApi } from './api';
import { Field } from './Field';
import { SlideVerify } from './SlideVerify';
import { needsSlider, useAccount } from './store';
import { checkCaptcha, hasErrors, validateLogin, type Errors, type LoginForm as Form } from './validation';

/** Tolerance of the login dialog's slider (spec §5). */
const LOGIN_SLIDER_TOLERANCE = 3;

/** The server's answers that mean "send a captcha with the login" (docs/compat.md A2). */
const CAPTCHA_DEMANDS = ['请先完成验证码验证', '验证码不正确'];

function serverWantsCaptcha(err: unknown): boolean {
  const msg = err instanceof ApiError ? (err.envelope?.msg ?? err.message) : '';
  return CAPTCHA_DEMANDS.some((text) => msg.includes(text));
}

export function LoginForm() {
  const { t } = useTranslation();
  // Right after registering, the new username is filled in (issue #16).
  const [form, setForm] = useState<Form>(() => ({
    username: useAccount.getState().registeredUsername ?? '',
    password: '',
  }));
  const [errors, setErrors] = useState<Errors<keyof Form>>({});
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);
  const [sliderKey, setSliderKey] = useState(0);
  const failures = useAccount((s) => s.loginFailures);
  const registerOpen = useSite((s) => s.config.register);
  const setMode = useUi((s) => s.setAccountDialogMode);
  const close = useUi((s) => s.closeAccountDialog);
  const sliderNeeded = needsSlider(failures);
  // The server counts failures per username, possibly from other browsers too: it can ask first.
  const [serverAsked, setServerAsked] = useState(false);
  const captchaNeeded = sliderNeeded || serverAsked;
  const [captcha, setCaptcha] = useState<{ img: string; captchaKey: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const [captchaError, setCaptchaError] = useState<string | undefined>();

  const refreshCaptcha = useCallback(async () => {
    setAnswer('');
    try {
      setCaptcha(await accountApi.captcha());
    } catch {
      setCaptcha(null);
    }
  }, []);
  useEffect(() => {
    if (captchaNeeded) void refreshCaptcha();
  }, [captchaNeeded, refreshCaptcha]);

  const update = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(form);
    setErrors(found);
    const badAnswer = captchaNeeded ? (checkCaptcha(answer) ?? undefined) : undefined;
    setCaptchaError(badAnswer);
    if (hasErrors(found) || badAnswer) return;
    if (sliderNeeded && !verified) {
      toast.warning(t('account.slider.required'));
      return;
    }
    setBusy(true);
    try {
      const proof = captchaNeeded
        ? { captchaKey: captcha?.captchaKey ?? '', captcha: answer.trim() }
        : undefined;
      const env = await accountApi.login(form.username.trim(), form.password, proof);
      if (env.data) useSession.getState().signIn(null, env.data);
      useAccount.getState().loginSucceeded();
      toast.success(t('account.welcomeBack'));
      close();
    } catch (err) {
      useAccount.getState().loginFailed();
      if (serverWantsCaptcha(err)) setServerAsked(true);
      // a captcha answer is single-use on the server: every failure needs a fresh one
      if (captchaNeeded) void refreshCaptcha();
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
      {captchaNeeded && (
        <Field
          id="login-captcha"
          label={t('account.captcha')}
          value={answer}
          onChange={(v) => {
            setAnswer(v);
            setCaptchaError(undefined);
          }}
          error={captchaError}
          maxLength={8}
          rightElement={
            <button
              type="button"
              className="oj-account__captcha"
              onClick={() => void refreshCaptcha()}
              aria-label={t('account.refreshCaptcha')}
              data-testid="login-captcha-image"
            >
              {captcha ? <img src={captcha.img} alt={t('account.captcha')} /> : t('account.refreshCaptcha')}
            </button>
          }
        />
      )}
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
