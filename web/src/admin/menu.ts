// The back-office side menu as data: one entry per page. Areas add their page with one line here
// (training, discussion, notice, group-problem review...). `superOnly` pages show to the super
// admin only (spec part 3 §2.13, the pages marked *); `group` folds entries under a heading.
import type { IconName } from '@blueprintjs/icons';

export interface AdminMenuEntry {
  /** i18n key of the label (under admin.menu). */
  label: string;
  path: string;
  icon: IconName;
  group: 'general' | 'problem' | 'training' | 'contest' | 'discussion';
  superOnly?: boolean;
}

export const ADMIN_MENU: AdminMenuEntry[] = [
  { label: 'admin.menu.dashboard', path: '/admin/dashboard', icon: 'dashboard', group: 'general' },
  { label: 'admin.menu.user', path: '/admin/user', icon: 'people', group: 'general', superOnly: true },
  {
    label: 'admin.menu.announcement',
    path: '/admin/announcement',
    icon: 'notifications',
    group: 'general',
    superOnly: true,
  },
  { label: 'admin.menu.notice', path: '/admin/notice', icon: 'envelope', group: 'general', superOnly: true },
  { label: 'admin.menu.tools', path: '/admin/tools', icon: 'wrench', group: 'general', superOnly: true },
  { label: 'admin.menu.conf', path: '/admin/conf', icon: 'cog', group: 'general', superOnly: true },
  { label: 'admin.menu.switch', path: '/admin/switch', icon: 'switch', group: 'general', superOnly: true },
  { label: 'admin.menu.serviceInfo', path: '/admin/service-info', icon: 'pulse', group: 'general' },
  { label: 'admin.menu.problems', path: '/admin/problems', icon: 'th-list', group: 'problem' },
  { label: 'admin.menu.problemCreate', path: '/admin/problem/create', icon: 'add', group: 'problem' },
  { label: 'admin.menu.problemTag', path: '/admin/problem/tag', icon: 'tag', group: 'problem' },
  {
    label: 'remote.importTitle',
    path: '/admin/problem/remote-import',
    icon: 'globe-network',
    group: 'problem',
  },
  {
    label: 'remote.accountsTitle',
    path: '/admin/remote-account',
    icon: 'key',
    group: 'general',
    superOnly: true,
  },
  {
    label: 'admin.menu.groupProblemApply',
    path: '/admin/group-problem/apply',
    icon: 'inbox',
    group: 'problem',
  },
  {
    label: 'admin.menu.batchOperation',
    path: '/admin/problem/batch-operation',
    icon: 'import',
    group: 'problem',
  },
  { label: 'admin.menu.training', path: '/admin/training', icon: 'learning', group: 'training' },
  { label: 'admin.menu.trainingCreate', path: '/admin/training/create', icon: 'add', group: 'training' },
  {
    label: 'admin.menu.trainingCategory',
    path: '/admin/training/category',
    icon: 'folder-close',
    group: 'training',
  },
  { label: 'admin.menu.contest', path: '/admin/contest', icon: 'timeline-bar-chart', group: 'contest' },
  { label: 'admin.menu.contestCreate', path: '/admin/contest/create', icon: 'add', group: 'contest' },
  { label: 'ccsImport.menu', path: '/admin/contest/ccs-import', icon: 'import', group: 'contest' },
  { label: 'ccsFeed.menu', path: '/admin/contest/ccs-feed', icon: 'sort-numerical-desc', group: 'contest' },
  { label: 'similarity.menu', path: '/admin/similarity', icon: 'comparison', group: 'contest' },
  { label: 'admin.menu.discussion', path: '/admin/discussion', icon: 'chat', group: 'discussion' },
];

export const MENU_GROUPS: { key: AdminMenuEntry['group']; label: string }[] = [
  { key: 'general', label: 'admin.menu.general' },
  { key: 'problem', label: 'admin.menu.problemGroup' },
  { key: 'training', label: 'admin.menu.trainingGroup' },
  { key: 'contest', label: 'admin.menu.contestGroup' },
  { key: 'discussion', label: 'admin.menu.discussion' },
];

/** The entries a user with these roles sees. */
export function visibleMenu(roles: readonly string[], menu: readonly AdminMenuEntry[] = ADMIN_MENU) {
  const root = roles.includes('root');
  return menu.filter((e) => root || !e.superOnly);
}

/** The entry a path belongs to (longest matching prefix), for highlighting. */
export function activeEntry(path: string, menu: readonly AdminMenuEntry[] = ADMIN_MENU) {
  let best: AdminMenuEntry | null = null;
  for (const e of menu)
    if ((path === e.path || path.startsWith(e.path + '/')) && (!best || e.path.length > best.path.length))
      best = e;
  return best;
}

/** Super-admin-only path prefixes (route guard). */
export const isSuperOnlyPath = (path: string, menu: readonly AdminMenuEntry[] = ADMIN_MENU) =>
  !!activeEntry(path, menu)?.superOnly;
