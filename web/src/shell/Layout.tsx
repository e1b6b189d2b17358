// The page frame: navbar, routed content, footer and the account dialog, plus app-wide effects.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { AccountDialog } from '../account/AccountDialog';
import { installClientHooks, installTokenSync, refreshRoles } from '../account/session-effects';
import { syncSocketToken } from '../api/socket';
import { startUnreadPush, useMessages } from '../message/store';
import { isProblemPage } from '../problem/preload';
import { afterStatement } from '../problem/statement-first';
import { isLoggedIn, useSession } from '../store/session';
import { useSite } from '../store/site';
import { Footer } from './Footer';
import { hidesFooter, isFullScreenPath } from './nav-mode';
import { Navbar } from './Navbar';
import { AppRoutes } from './routes';

/**
 * Whether the push socket may connect: at once, except on a page opened at a problem URL, where
 * socket.io-client waits until the statement is up (issue #29: the text before everything else).
 */
function usePushDue(): boolean {
  const [due, setDue] = useState(() => !isProblemPage(window.location.pathname));
  useEffect(() => (due ? undefined : afterStatement(() => setDue(true))), [due]);
  return due;
}

function useAppEffects() {
  const [, navigate] = useLocation();
  const loggedIn = useSession(isLoggedIn);
  const token = useSession((s) => s.token);

  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // Installed during the first render, before any child effect can send a request.
  useState(() => installClientHooks((to, opts) => navigateRef.current(to, opts)));
  const siteName = useSite((s) => s.config.name);
  const pushDue = usePushDue();

  useEffect(() => {
    const stop = installTokenSync((to, opts) => navigateRef.current(to, opts));
    void useSite.getState().load();
    void refreshRoles();
    return stop;
  }, []);

  useEffect(() => {
    document.title = siteName;
  }, [siteName]);

  useEffect(() => {
    if (!loggedIn) {
      useMessages.getState().reset();
      return;
    }
    void useMessages.getState().fetchUnread();
    // Counts are pushed to the user's room (issue 13): no 120 s poll. The push listener also reads
    // them again on every (re)connect of the socket, so nothing sent meanwhile is missed.
    return token && pushDue ? startUnreadPush(token) : undefined;
  }, [loggedIn, token, pushDue]);

  useEffect(() => (pushDue ? syncSocketToken(token) : undefined), [token, pushDue]);
}

export function Layout() {
  const [path] = useLocation();
  useAppEffects();
  const fullScreen = isFullScreenPath(path);
  return (
    <div className={fullScreen ? 'oj-app oj-app--full' : 'oj-app'}>
      {!fullScreen && <Navbar />}
      <main className="oj-main" data-testid="main">
        <AppRoutes />
      </main>
      {!hidesFooter(path) && <Footer />}
      <AccountDialog />
    </div>
  );
}
