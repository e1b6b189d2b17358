// The Login / Register / ResetPwd dialog. Closes only through its close button, never by clicking outside.
// The forms are a chunk of their own, fetched when the dialog first opens (issue #16: not on every first load).
import { Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../store/site';
import { useUi } from '../store/ui';

const LoginForm = lazy(() => import('./LoginForm').then((m) => ({ default: m.LoginForm })));
const RegisterForm = lazy(() => import('./RegisterForm').then((m) => ({ default: m.RegisterForm })));
const ResetRequestForm = lazy(() =>
  import('./ResetRequestForm').then((m) => ({ default: m.ResetRequestForm })),
);

const TITLE_KEYS = {
  Login: 'account.login',
  Register: 'account.register',
  ResetPwd: 'account.resetPassword',
} as const;

export function AccountDialog() {
  const { t } = useTranslation();
  const { open, mode } = useUi((s) => s.accountDialog);
  const close = useUi((s) => s.closeAccountDialog);
  const shortName = useSite((s) => s.config.shortName) || 'OJ';
  return (
    <Dialog
      isOpen={open}
      onClose={close}
      canOutsideClickClose={false}
      title={`${t(TITLE_KEYS[mode])} - ${shortName}`}
      className="oj-account-dialog"
      style={{ width: 370, maxWidth: 'calc(100vw - 20px)' }}
      data-testid="account-dialog"
    >
      <DialogBody>
        <Suspense fallback={<Spinner size={24} data-testid="account-form-loading" />}>
          {mode === 'Login' && <LoginForm />}
          {mode === 'Register' && <RegisterForm />}
          {mode === 'ResetPwd' && <ResetRequestForm />}
        </Suspense>
      </DialogBody>
    </Dialog>
  );
}
