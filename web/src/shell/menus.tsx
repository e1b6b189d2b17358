// Navbar popover menus: messages, user, tools.
import { Button, Classes, Menu, MenuDivider, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { badgeCount, MESSAGE_CATEGORIES, totalUnread, useMessages } from '../message/store';
import { isAdmin, useSession } from '../store/session';
import { useSite } from '../store/site';

export function MessageMenuItems() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const unread = useMessages((s) => s.unread);
  return (
    <>
      {MESSAGE_CATEGORIES.map((c) => (
        <MenuItem
          key={c.key}
          text={t(c.label)}
          onClick={() => navigate(c.path)}
          data-testid={`message-${c.key}`}
          labelElement={
            unread[c.key] > 0 ? (
              <Tag round intent="danger" data-testid={`message-${c.key}-count`}>
                {badgeCount(unread[c.key])}
              </Tag>
            ) : undefined
          }
        />
      ))}
    </>
  );
}

export function MessageMenu() {
  const { t } = useTranslation();
  const total = useMessages((s) => totalUnread(s.unread));
  return (
    <PopoverNext
      content={
        <Menu>
          <MessageMenuItems />
        </Menu>
      }
      placement="bottom-end"
    >
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={t('message.title')}
        data-testid="message-menu"
      >
        {total > 0 && (
          <span className="oj-red-dot" data-testid="message-dot" aria-label={t('message.hasUnread')} />
        )}
      </Button>
    </PopoverNext>
  );
}

/** `onNavigate` runs after each item's navigation (the phone drawer closes itself with it). */
export function UserMenuItems({ onNavigate }: { onNavigate?: () => void } = {}) {
  const { t } = useTranslation();
  const [, setLocation] = useLocation();
  const navigate = (to: string) => {
    setLocation(to);
    onNavigate?.();
  };
  const user = useSession((s) => s.user);
  const admin = useSession(isAdmin);
  if (!user) return null;
  const home = `/user-home?uid=${encodeURIComponent(user.uid)}&username=${encodeURIComponent(user.username)}`;
  return (
    <>
      <MenuItem
        icon="user"
        text={t('nav.myHome')}
        onClick={() => navigate(home)}
        data-testid="user-menu-home"
      />
      <MenuItem
        icon="history"
        text={t('nav.mySubmissions')}
        onClick={() => navigate('/status?onlyMine=true')}
        data-testid="user-menu-submissions"
      />
      <MenuItem
        icon="cog"
        text={t('nav.settings')}
        onClick={() => navigate('/setting')}
        data-testid="user-menu-settings"
      />
      {admin && (
        <MenuItem
          icon="dashboard"
          text={t('nav.management')}
          onClick={() => navigate('/admin')}
          data-testid="user-menu-admin"
        />
      )}
      <MenuDivider />
      <MenuItem
        icon="log-out"
        text={t('nav.logout')}
        onClick={() => navigate('/logout')}
        data-testid="user-menu-logout"
      />
    </>
  );
}

export function UserMenu() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <PopoverNext
      content={
        <Menu>
          <UserMenuItems />
        </Menu>
      }
      placement="bottom-end"
    >
      <Button variant="minimal" icon="user" endIcon="caret-down" data-testid="user-menu">
        <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{user.username}</span>
      </Button>
    </PopoverNext>
  );
}

export function ToolsMenuItems() {
  const tools = useSite((s) => s.tools);
  return (
    <>
      {tools.map((tool) => (
        <MenuItem
          key={`${tool.name}-${tool.url}`}
          text={tool.name}
          href={tool.url}
          target="_blank"
          rel="noreferrer"
        />
      ))}
    </>
  );
}

export function ToolsMenu() {
  const { t } = useTranslation();
  const count = useSite((s) => s.tools.length);
  if (count === 0) return null;
  return (
    <PopoverNext
      content={
        <Menu>
          <ToolsMenuItems />
        </Menu>
      }
      placement="bottom-end"
    >
      <Button variant="minimal" icon="wrench" data-testid="tools-menu">
        {t('nav.tools')}
      </Button>
    </PopoverNext>
  );
}
