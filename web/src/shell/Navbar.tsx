// Top navigation: mode links on the left, tools, language, messages and account on the right; a drawer on narrow screens.
import {
  Alignment,
  Button,
  Classes,
  Drawer,
  DrawerSize,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar as BpNavbar,
  PopoverNext,
  type IconName,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { isLoggedIn, useSession } from '../store/session';
import { useSite } from '../store/site';
import { useUi } from '../store/ui';
import { LanguageMenuItems, LanguageSwitch } from './LanguageSwitch';
import { ThemeSwitch } from './ThemeSwitch';
import { MessageMenu, MessageMenuItems, ToolsMenu, ToolsMenuItems, UserMenu, UserMenuItems } from './menus';
import { linkActive, modeLinks, navModeOf, RANK_LINKS, type NavLinkSpec } from './nav-mode';
import { useCollapsedNav } from './useMediaQuery';

function useNavLinks(): { main: NavLinkSpec[]; showRank: boolean; extra: NavLinkSpec[] } {
  const [path] = useLocation();
  const discussion = useSite((s) => s.config.openPublicDiscussion);
  const mode = navModeOf(path);
  const main = modeLinks(mode);
  if (mode.mode !== 'default') return { main, showRank: false, extra: [] };
  const extra: NavLinkSpec[] = [];
  if (discussion) extra.push({ to: '/discussion', label: 'nav.discussion', icon: 'chat' });
  extra.push({ to: '/group', label: 'nav.group', icon: 'people' });
  return { main, showRank: true, extra };
}

function activeClass(to: string, path: string, all: readonly string[]): string {
  return [Classes.BUTTON, Classes.MINIMAL, linkActive(to, path, all) ? Classes.ACTIVE : ''].join(' ');
}

function NavLink({ link }: { link: NavLinkSpec }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  const { main, extra } = useNavLinks();
  return (
    <Link
      href={link.to}
      className={activeClass(
        link.to,
        path,
        [...main, ...extra].map((l) => l.to),
      )}
      data-testid={`nav-${link.label.replace('nav.', '')}`}
    >
      {t(link.label)}
    </Link>
  );
}

function AccountButtons() {
  const { t } = useTranslation();
  const open = useUi((s) => s.openAccountDialog);
  const register = useSite((s) => s.config.register);
  return (
    <>
      <Button variant="minimal" icon="log-in" onClick={() => open('Login')} data-testid="nav-login">
        {t('account.login')}
      </Button>
      {register && (
        <Button variant="minimal" onClick={() => open('Register')} data-testid="nav-register">
          {t('account.register')}
        </Button>
      )}
    </>
  );
}

function MobileDrawer({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { main, showRank, extra } = useNavLinks();
  const loggedIn = useSession(isLoggedIn);
  const tools = useSite((s) => s.tools.length);
  const register = useSite((s) => s.config.register);
  const open = useUi((s) => s.openAccountDialog);
  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  const item = (l: NavLinkSpec) => (
    <MenuItem
      key={l.to}
      icon={l.icon as IconName}
      text={t(l.label)}
      onClick={() => go(l.to)}
      data-testid={`drawer-${l.label.replace('nav.', '')}`}
    />
  );
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      position="left"
      size={DrawerSize.SMALL}
      title={t('nav.menu')}
      className="oj-drawer"
    >
      <Menu onClick={(e) => (e.target as HTMLElement).closest('a[href]') && onClose()}>
        {main.map(item)}
        {showRank && (
          <MenuItem icon="timeline-bar-chart" text={t('nav.rank')} data-testid="drawer-rank">
            {RANK_LINKS.map(item)}
          </MenuItem>
        )}
        {extra.map(item)}
        <MenuDivider />
        {loggedIn ? (
          <>
            <MenuItem icon="notifications" text={t('message.title')}>
              <MessageMenuItems />
            </MenuItem>
            <UserMenuItems onNavigate={onClose} />
          </>
        ) : (
          <>
            <MenuItem
              icon="log-in"
              text={t('account.login')}
              onClick={() => {
                onClose();
                open('Login');
              }}
              data-testid="drawer-login"
            />
            {register && (
              <MenuItem
                icon="new-person"
                text={t('account.register')}
                onClick={() => {
                  onClose();
                  open('Register');
                }}
                data-testid="drawer-register"
              />
            )}
          </>
        )}
        <MenuDivider />
        {tools > 0 && (
          <MenuItem icon="wrench" text={t('nav.tools')}>
            <ToolsMenuItems />
          </MenuItem>
        )}
        <MenuItem icon="translate" text={t('shell.language')}>
          <LanguageMenuItems />
        </MenuItem>
      </Menu>
    </Drawer>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const collapsed = useCollapsedNav();
  const [drawer, setDrawer] = useState(false);
  const { main, showRank, extra } = useNavLinks();
  const loggedIn = useSession(isLoggedIn);
  const shortName = useSite((s) => s.config.shortName) || 'OJ';
  return (
    <BpNavbar className="oj-navbar" fixedToTop data-testid="navbar">
      <BpNavbar.Group align={Alignment.START}>
        {collapsed && (
          <Button
            variant="minimal"
            icon="menu"
            aria-label={t('nav.menu')}
            onClick={() => setDrawer(true)}
            data-testid="nav-drawer-toggle"
          />
        )}
        <BpNavbar.Heading>
          <Link href="/home" className="oj-navbar__brand" data-testid="nav-brand">
            {shortName}
          </Link>
        </BpNavbar.Heading>
        {!collapsed && (
          <>
            {main.map((l) => (
              <NavLink key={l.to} link={l} />
            ))}
            {showRank && (
              <PopoverNext
                placement="bottom-start"
                content={
                  <Menu>
                    {RANK_LINKS.map((l) => (
                      <li key={l.to}>
                        <Link
                          href={l.to}
                          className={`${Classes.MENU_ITEM}`}
                          data-testid={`nav-${l.label.replace('nav.', '')}`}
                        >
                          {t(l.label)}
                        </Link>
                      </li>
                    ))}
                  </Menu>
                }
              >
                <Button variant="minimal" endIcon="caret-down" data-testid="nav-rank">
                  {t('nav.rank')}
                </Button>
              </PopoverNext>
            )}
            {extra.map((l) => (
              <NavLink key={l.to} link={l} />
            ))}
          </>
        )}
      </BpNavbar.Group>
      <BpNavbar.Group align={Alignment.END}>
        {!collapsed && <ToolsMenu />}
        {!collapsed && <LanguageSwitch />}
        <ThemeSwitch />
        {loggedIn && <MessageMenu />}
        {loggedIn ? !collapsed && <UserMenu /> : !collapsed && <AccountButtons />}
      </BpNavbar.Group>
      {collapsed && <MobileDrawer isOpen={drawer} onClose={() => setDrawer(false)} />}
    </BpNavbar>
  );
}
