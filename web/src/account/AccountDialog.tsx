// The Login / Register / ResetPwd dialog. Closes only through its close button, never by clicking outside.
import { Dialog, DialogBody } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSite } from '../store/site';
import { useUi } from '../store/ui';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetRequestForm } from './ResetRequestForm';

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
        {mode === 'Login' && <LoginForm />}
        {mode === 'Register' && <RegisterForm />}
        {mode === 'ResetPwd' && <ResetRequestForm />}
      </DialogBody>
    </Dialog>
  );
}
