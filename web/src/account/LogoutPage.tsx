// /logout: tell the server, forget the session, go home.
import { Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../store/session';
import { accountApi } from './api';

export default function LogoutPage() {
  const [, navigate] = useLocation();
  useEffect(() => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      // leave /logout before the session goes, so nothing renders this route signed out
      navigate('/home', { replace: true });
      useSession.getState().clear();
    };
    accountApi.logout().then(finish, finish);
  }, [navigate]);
  return <Spinner data-testid="logout-page" />;
}
