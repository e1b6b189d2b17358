// Route guards: login-required pages open the login dialog; admin pages need an admin role.
import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { isAdmin, isLoggedIn, useSession } from '../store/session';
import { useUi } from '../store/ui';

export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const open = useUi((s) => s.openAccountDialog);
  useEffect(() => {
    if (!loggedIn) open('Login');
  }, [loggedIn, open]);
  if (loggedIn) return <>{children}</>;
  return (
    <div data-testid="login-required">
      <NonIdealState
        icon="lock"
        title={t('Please_login_first')}
        action={
          <Button intent={Intent.PRIMARY} onClick={() => open('Login')}>
            {t('account.login')}
          </Button>
        }
      />
    </div>
  );
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const admin = useSession(isAdmin);
  if (!loggedIn) return <Redirect to="/admin/login" replace />;
  if (!admin)
    return (
      <div data-testid="admin-forbidden">
        <NonIdealState icon="disable" title={t('shell.forbidden')} />
      </div>
    );
  return <>{children}</>;
}
