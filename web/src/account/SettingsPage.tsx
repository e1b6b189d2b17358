// /setting: Account (change password, change e-mail with a code) and UserInfo, as collapsible sections.
import { Button, Collapse, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../api/client';
import { toast } from '../shell/toaster';
import { useSession, type UserInfo } from '../store/session';
import {
  emailChangeErrors,
  newEmailError,
  passwordChangeErrors,
  PROFILE_FIELDS,
  profileBody,
  profileTooLong,
  type ProfileField,
} from './settings-rules';
import './screens.css';

/** Business outcome of change-password / change-email lives in data.code (reference core.md §3). */
interface ChangeAnswer {
  code: number;
  msg: string;
  userInfo: UserInfo | null;
}

const EMAIL_CODE_COOLDOWN_S = 60;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const [open, setOpen] = useState(true);
  return (
    <section className="oj-setting-section" data-testid={testId}>
      <Button minimal large icon={open ? 'caret-down' : 'caret-right'} onClick={() => setOpen(!open)}>
        {title}
      </Button>
      <Collapse isOpen={open}>
        <div style={{ padding: '8px 12px' }}>{children}</div>
      </Collapse>
    </section>
  );
}

function useField(initial = '') {
  const [value, setValue] = useState(initial);
  return {
    value,
    setValue,
    bind: { value, onChange: (e: { currentTarget: { value: string } }) => setValue(e.currentTarget.value) },
  };
}

function PasswordForm() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const oldPassword = useField();
  const newPassword = useField();
  const againPassword = useField();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const form = {
      oldPassword: oldPassword.value,
      newPassword: newPassword.value,
      againPassword: againPassword.value,
    };
    const errs = passwordChangeErrors(form);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    const res = await api
      .post<ChangeAnswer>('/api/change-password', {
        oldPassword: form.oldPassword,
        newPassword: form.newPassword,
      })
      .catch(() => null);
    setBusy(false);
    if (!res) return;
    if (res.code !== 200) return toast.error(res.msg);
    toast.success(t('setting.passwordChanged'));
    setTimeout(() => navigate('/logout'), 5000);
  };
  const field = (key: string, label: string, f: ReturnType<typeof useField>) => (
    <FormGroup
      label={label}
      intent={errors[key] ? 'danger' : 'none'}
      helperText={errors[key] ? t(errors[key]) : undefined}
    >
      <InputGroup type="password" {...f.bind} data-testid={`setting-${key}`} />
    </FormGroup>
  );
  return (
    <div className="oj-setting-form">
      <h4>{t('setting.changePassword')}</h4>
      {field('oldPassword', t('setting.oldPassword'), oldPassword)}
      {field('newPassword', t('setting.newPassword'), newPassword)}
      {field('againPassword', t('setting.againPassword'), againPassword)}
      <Button
        intent="primary"
        loading={busy}
        onClick={() => void submit()}
        data-testid="setting-password-submit"
      >
        {t('setting.changePassword')}
      </Button>
    </div>
  );
}

function EmailForm() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const currentEmail = user?.email ?? '';
  const password = useField();
  const newEmail = useField();
  const code = useField();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cooldown, setCooldown] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const sendCode = async () => {
    const err = newEmailError(currentEmail, newEmail.value);
    setErrors(err ? { newEmail: err } : {});
    if (err) return;
    setCooldown(EMAIL_CODE_COOLDOWN_S);
    const sent = await api
      .get('/api/get-change-email-code', { email: newEmail.value.trim() })
      .then(() => true)
      .catch(() => false);
    if (sent) toast.success(t('setting.codeSent'));
    else setCooldown(0);
  };

  const submit = async () => {
    const form = { currentEmail, newEmail: newEmail.value, password: password.value, code: code.value };
    const errs = emailChangeErrors(form);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    const res = await api
      .post<ChangeAnswer>('/api/change-email', {
        password: form.password,
        newEmail: form.newEmail.trim(),
        code: form.code.trim(),
        oldEmail: currentEmail,
      })
      .catch(() => null);
    setBusy(false);
    if (!res) return;
    if (res.code !== 200) return toast.error(res.msg);
    toast.success(t('setting.emailChanged'));
    if (res.userInfo && user) setUser({ ...user, ...res.userInfo, roleList: user.roleList });
    password.setValue('');
    newEmail.setValue('');
    code.setValue('');
  };
  const help = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  return (
    <div className="oj-setting-form">
      <h4>{t('setting.changeEmail')}</h4>
      <FormGroup label={t('setting.currentEmail')}>
        <InputGroup value={currentEmail} readOnly data-testid="setting-current-email" />
      </FormGroup>
      <FormGroup
        label={t('setting.password')}
        intent={errors.password ? 'danger' : 'none'}
        helperText={help('password')}
      >
        <InputGroup type="password" {...password.bind} data-testid="setting-email-password" />
      </FormGroup>
      <FormGroup
        label={t('setting.newEmail')}
        intent={errors.newEmail ? 'danger' : 'none'}
        helperText={help('newEmail')}
      >
        <InputGroup {...newEmail.bind} data-testid="setting-new-email" />
      </FormGroup>
      <FormGroup label={t('setting.code')} intent={errors.code ? 'danger' : 'none'} helperText={help('code')}>
        <InputGroup
          {...code.bind}
          maxLength={6}
          data-testid="setting-email-code"
          rightElement={
            <Button
              minimal
              disabled={cooldown > 0}
              onClick={() => void sendCode()}
              data-testid="setting-send-code"
            >
              {cooldown > 0 ? t('setting.resendIn', { s: cooldown }) : t('setting.sendCode')}
            </Button>
          }
        />
      </FormGroup>
      <Button
        intent="primary"
        loading={busy}
        onClick={() => void submit()}
        data-testid="setting-email-submit"
      >
        {t('setting.changeEmail')}
      </Button>
    </div>
  );
}

const FIELD_LABELS: Record<ProfileField, string> = {
  realname: 'setting.realname',
  nickname: 'setting.nickname',
  school: 'setting.school',
  number: 'setting.number',
  github: 'setting.github',
  blog: 'setting.blog',
  cfUsername: 'setting.cfUsername',
  signature: 'setting.signature',
};

function ProfileForm() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const initial = () =>
    Object.fromEntries(
      Object.keys(PROFILE_FIELDS).map((k) => [k, typeof user?.[k] === 'string' ? (user[k] as string) : '']),
    ) as Record<ProfileField, string>;
  const [values, setValues] = useState(initial);
  const [gender, setGender] = useState(typeof user?.gender === 'string' ? user.gender : 'secrecy');
  const [busy, setBusy] = useState(false);
  const set = (k: ProfileField, v: string) => setValues((old) => ({ ...old, [k]: v }));

  const save = async () => {
    const long = profileTooLong(values);
    if (long)
      return toast.error(t('setting.tooLong', { field: t(FIELD_LABELS[long]), max: PROFILE_FIELDS[long] }));
    setBusy(true);
    const res = await api
      .post<UserInfo>('/api/change-userInfo', profileBody(values, gender))
      .catch(() => null);
    setBusy(false);
    if (!res || !user) return;
    setUser({ ...user, ...res, roleList: user.roleList });
    toast.success(t('setting.saved'));
  };

  return (
    <div className="oj-setting-form" data-testid="setting-profile">
      {(Object.keys(PROFILE_FIELDS) as ProfileField[])
        .filter((k) => k !== 'signature')
        .map((k) => (
          <FormGroup key={k} label={t(FIELD_LABELS[k])}>
            <InputGroup
              value={values[k]}
              maxLength={PROFILE_FIELDS[k]}
              onChange={(e) => set(k, e.currentTarget.value)}
              data-testid={`setting-${k}`}
            />
          </FormGroup>
        ))}
      <FormGroup label={t('setting.gender')}>
        <HTMLSelect
          value={gender}
          onChange={(e) => setGender(e.currentTarget.value)}
          data-testid="setting-gender"
          options={[
            { value: 'male', label: t('setting.male') },
            { value: 'female', label: t('setting.female') },
            { value: 'secrecy', label: t('setting.secrecy') },
          ]}
        />
      </FormGroup>
      <FormGroup label={t('setting.signature')}>
        <TextArea
          fill
          rows={5}
          value={values.signature}
          onChange={(e) => set('signature', e.currentTarget.value)}
          data-testid="setting-signature"
        />
      </FormGroup>
      <Button intent="primary" loading={busy} onClick={() => void save()} data-testid="setting-profile-save">
        {t('setting.save')}
      </Button>
    </div>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="oj-screen oj-settings" data-testid="settings" style={{ maxWidth: 720 }}>
      <Section title={t('setting.account')} testId="setting-account">
        <PasswordForm />
        <EmailForm />
      </Section>
      <Section title={t('setting.userInfo')} testId="setting-userinfo">
        <ProfileForm />
      </Section>
    </div>
  );
}
