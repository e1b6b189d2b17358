// /logout: tell the server, forget the session, go home.
import { Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../store/session';
import { accountApi } from './api';

export default function LogoutPage() {
  const [, navigate] = useLocation();
  // One server call per visit: the effect can run again (new `navigate`, remount), and a second
  // call, answered after the first revoked the token, would be an HTTP 401 that opens the login dialog.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      // leave /logout before the session goes, so nothing renders this route signed out
      navigate('/home', { replace: true });
      useSession.getState().clear();
    };
    accountApi.logout().then(finish, finish);
  }, [navigate]);
  return <Spinner data-testid="logout-page" />;
}
