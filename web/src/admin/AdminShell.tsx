// The back-office frame: a side menu by role (collapsed into a drawer under 768 px) around the
// admin page. Super-admin-only pages refuse other admins.
import { Button, Classes, Drawer, Menu, MenuDivider, MenuItem, NonIdealState } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useSession } from '../store/session';
import { useIsMobile } from '../shell/useMediaQuery';
import { activeEntry, ADMIN_MENU, isSuperOnlyPath, MENU_GROUPS, visibleMenu } from './menu';
import { adminApi } from './api';
import { PageSuspense } from '../shell/lazy';
import './admin.css';

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [path, navigate] = useLocation();
  const roles = useSession((s) => s.user?.roleList ?? []);
  const entries = visibleMenu(roles);
  const active = activeEntry(path, ADMIN_MENU);
  const go = (to: string) => {
    navigate(to);
    onNavigate?.();
  };
  return (
    <Menu className="oj-admin-menu" data-testid="admin-menu">
      {MENU_GROUPS.map((g) => {
        const items = entries.filter((e) => e.group === g.key);
        if (!items.length) return null;
        return [
          <MenuDivider key={`h-${g.key}`} title={t(g.label)} />,
          ...items.map((e) => (
            <MenuItem
              key={e.path}
              icon={e.icon}
              text={t(e.label)}
              active={active?.path === e.path}
              onClick={() => go(e.path)}
              data-testid={`admin-menu-${e.path.slice('/admin/'.length).replace(/\//g, '-')}`}
            />
          )),
        ];
      })}
      <MenuDivider />
      <MenuItem icon="home" text={t('admin.backToSite')} onClick={() => go('/home')} />
      <MenuItem
        icon="log-out"
        text={t('admin.logout')}
        data-testid="admin-logout"
        onClick={() => {
          void adminApi.logout().finally(() => {
            useSession.getState().clear();
            go('/admin/login');
          });
        }}
      />
    </Menu>
  );
}

export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const root = useSession((s) => !!s.user?.roleList.includes('root'));
  const forbidden = isSuperOnlyPath(path) && !root;
  const page = forbidden ? (
    <div data-testid="admin-super-only">
      <NonIdealState icon="disable" title={t('admin.login.notAdmin')} />
    </div>
  ) : (
    // A page still loading shows its spinner here, inside the shell: the sidebar and top bar stay
    // (issue #26 item 12; the route table's boundary would blank the whole screen).
    <PageSuspense>{children}</PageSuspense>
  );
  return (
    <div className={mobile ? 'oj-admin oj-admin--mobile' : 'oj-admin'} data-testid="admin-shell">
      {mobile ? (
        <>
          <div className="oj-admin-topbar">
            <Button
              icon="menu"
              variant="minimal"
              aria-label={t('admin.openMenu')}
              onClick={() => setOpen(true)}
              data-testid="admin-menu-open"
            />
            <span className={Classes.TEXT_LARGE}>{t(activeEntry(path)?.label ?? 'admin.title')}</span>
          </div>
          <Drawer
            isOpen={open}
            onClose={() => setOpen(false)}
            position="left"
            size="80%"
            title={t('admin.title')}
          >
            <div className={Classes.DRAWER_BODY}>
              <SideMenu onNavigate={() => setOpen(false)} />
            </div>
          </Drawer>
        </>
      ) : (
        <aside className="oj-admin-aside">
          <SideMenu />
        </aside>
      )}
      <section className="oj-admin-page">{page}</section>
    </div>
  );
}
