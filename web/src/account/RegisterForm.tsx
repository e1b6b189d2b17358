import { Button, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../shell/toaster';
import { useUi } from '../store/ui';
import { accountApi } from './api';
import { Field } from './Field';
import { REGISTER_COOLDOWN_S, useAccount, useCooldown } from './store';
import {
  checkEmail,
  checkPassword,
  checkPasswordAgain,
  checkUsername,
  hasErrors,
  isEmail,
  validateRegister,
  type Errors,
  type RegisterForm as Form,
} from './validation';

const REGISTER_NOTICE_MS = 5000;

/** Server-side existence check; a failed check never blocks the user. */
async function taken(field: 'username' | 'email', value: string): Promise<boolean> {
  try {
    const res = await accountApi.checkUsernameOrEmail({ [field]: value.trim() });
    return !!res?.[field];
  } catch {
    return false;
  }
}

export function RegisterForm() {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>({
    username: '',
    email: '',
    password: '',
    passwordAgain: '',
    code: '',
  });
  const [errors, setErrors] = useState<Errors<keyof Form>>({});
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const cooldown = useCooldown('register');
  const setMode = useUi((s) => s.setAccountDialogMode);

  const setError = (key: keyof Form, msg: string | null | undefined) =>
    setErrors((e) => ({ ...e, [key]: msg ?? undefined }));
  const update = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setError(key, null);
  };

  const blurUsername = async () => {
    const msg = checkUsername(form.username);
    if (msg || !form.username) return setError('username', form.username ? msg : null);
    if (await taken('username', form.username)) setError('username', 'The_username_already_exists');
  };
  const blurEmail = async () => {
    const msg = checkEmail(form.email);
    if (msg || !form.email) return setError('email', form.email ? msg : null);
    if (await taken('email', form.email)) setError('email', 'The_email_already_exists');
  };

  const sendCode = async () => {
    if (!isEmail(form.email)) {
      setError('email', 'Email_Check_Format');
      toast.error(t('Email_Check_Format'));
      return;
    }
    setSending(true);
    try {
      await accountApi.getRegisterCode(form.email.trim());
      useAccount.getState().startCooldown('register', REGISTER_COOLDOWN_S);
      toast.success(t('account.codeSent'), REGISTER_NOTICE_MS);
    } catch {
      // the client already showed the server's message; the button is usable again
    } finally {
      setSending(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegister(form);
    if (!found.username && (await taken('username', form.username)))
      found.username = 'The_username_already_exists';
    if (!found.email && (await taken('email', form.email))) found.email = 'The_email_already_exists';
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await accountApi.register({
        username: form.username.trim(),
        password: form.password,
        email: form.email.trim(),
        code: form.code.trim(),
      });
      toast.success(t('account.registerSuccess'), REGISTER_NOTICE_MS);
      useAccount.getState().setRegisteredUsername(form.username.trim());
      setMode('Login');
    } catch {
      setForm((f) => ({ ...f, code: '' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="register-form">
      <Field
        id="register-username"
        label={t('account.username')}
        value={form.username}
        onChange={update('username')}
        onBlur={() => void blurUsername()}
        error={errors.username}
        autoComplete="username"
      />
      <Field
        id="register-email"
        label={t('account.email')}
        type="email"
        value={form.email}
        onChange={update('email')}
        onBlur={() => void blurEmail()}
        error={errors.email}
        autoComplete="email"
      />
      <Field
        id="register-password"
        label={t('account.password')}
        type="password"
        value={form.password}
        onChange={(v) => {
          update('password')(v);
          // changing the password re-validates a confirmation already typed
          if (form.passwordAgain) setError('passwordAgain', checkPasswordAgain(v, form.passwordAgain));
        }}
        onBlur={() => form.password && setError('password', checkPassword(form.password))}
        error={errors.password}
        autoComplete="new-password"
      />
      <Field
        id="register-password-again"
        label={t('account.passwordAgain')}
        type="password"
        value={form.passwordAgain}
        onChange={update('passwordAgain')}
        onBlur={() =>
          form.passwordAgain &&
          setError('passwordAgain', checkPasswordAgain(form.password, form.passwordAgain))
        }
        error={errors.passwordAgain}
        autoComplete="new-password"
      />
      <Field
        id="register-code"
        label={t('account.code')}
        value={form.code}
        onChange={update('code')}
        error={errors.code}
        maxLength={6}
        rightElement={
          <Button
            variant="minimal"
            intent={Intent.PRIMARY}
            loading={sending}
            disabled={cooldown > 0}
            onClick={() => void sendCode()}
            data-testid="register-send-code"
          >
            {cooldown > 0 ? t('account.resendIn', { seconds: cooldown }) : t('account.sendCode')}
          </Button>
        }
      />
      <Button type="submit" intent={Intent.PRIMARY} fill loading={busy} data-testid="register-submit">
        {t('account.register')}
      </Button>
      <div className="oj-account__links">
        <Button variant="minimal" size="small" onClick={() => setMode('Login')} data-testid="to-login">
          {t('account.haveAccount')}
        </Button>
      </div>
    </form>
  );
}
