// /admin/login: the separate admin login (POST /api/admin/login). The server refuses non-admin
// accounts, banned accounts, wrong passwords and too many failures; its msg is shown.
import { Button, Card, FormGroup, H3, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isAdmin, useSession } from '../store/session';
import { adminApi } from './api';
import './admin.css';

export function AdminLoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const signedIn = useSession((s) => (s.token && isAdmin(s) ? s.user?.username : null));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      username: username.trim() ? undefined : t('admin.login.usernameRequired'),
      password: password ? undefined : t('admin.login.passwordRequired'),
    };
    setErrors(found);
    if (found.username || found.password) return;
    setBusy(true);
    try {
      const env = await adminApi.login(username.trim(), password);
      if (env.data) useSession.getState().signIn(null, env.data);
      navigate('/admin/dashboard');
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="oj-admin-login" data-testid="admin-login">
      <H3>{t('admin.login.title')}</H3>
      {signedIn && (
        <p data-testid="admin-login-signed-in">
          {t('admin.login.signedInAs', { name: signedIn })}{' '}
          <Button variant="minimal" intent={Intent.PRIMARY} onClick={() => navigate('/admin/dashboard')}>
            {t('admin.login.toDashboard')}
          </Button>
        </p>
      )}
      <form onSubmit={(e) => void submit(e)}>
        <FormGroup
          label={t('admin.login.username')}
          labelFor="admin-username"
          intent={errors.username ? Intent.DANGER : Intent.NONE}
          helperText={errors.username}
        >
          <InputGroup
            id="admin-username"
            value={username}
            onValueChange={setUsername}
            autoComplete="username"
            data-testid="admin-login-username"
          />
        </FormGroup>
        <FormGroup
          label={t('admin.login.password')}
          labelFor="admin-password"
          intent={errors.password ? Intent.DANGER : Intent.NONE}
          helperText={errors.password}
        >
          <InputGroup
            id="admin-password"
            type="password"
            value={password}
            onValueChange={setPassword}
            autoComplete="current-password"
            data-testid="admin-login-password"
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} loading={busy} fill data-testid="admin-login-submit">
          {t('admin.login.submit')}
        </Button>
      </form>
    </Card>
  );
}
