// Which navigation the bar shows for a path, and which chrome a path hides (pure, unit-tested).
export type NavMode =
  | { mode: 'default' }
  | { mode: 'contest'; contestID: string }
  | { mode: 'group'; groupID: string }
  | { mode: 'training'; trainingID: string; groupID?: string };

const ID = '([^/]+)';
const rx = (pattern: string) => new RegExp(`^${pattern}(?:/.*)?$`);
const CONTEST = rx(`/contest/${ID}`);
const GROUP_TRAINING = rx(`/group/${ID}/training/${ID}`);
const GROUP = rx(`/group/${ID}`);
const TRAINING = rx(`/training/${ID}`);
/** Path words under /contest and /training that are pages, not ids. */
const NOT_IDS = new Set(['acm-scoreboard', 'oi-scoreboard']);

export function navModeOf(path: string): NavMode {
  let m = CONTEST.exec(path);
  if (m?.[1] && !NOT_IDS.has(m[1])) return { mode: 'contest', contestID: m[1] };
  m = GROUP_TRAINING.exec(path);
  if (m?.[1] && m[2]) return { mode: 'training', trainingID: m[2], groupID: m[1] };
  m = GROUP.exec(path);
  if (m?.[1]) return { mode: 'group', groupID: m[1] };
  m = TRAINING.exec(path);
  if (m?.[1]) return { mode: 'training', trainingID: m[1] };
  return { mode: 'default' };
}

export const isFullScreenPath = (path: string): boolean => /\/full-screen\/?$/.test(path);

/** Problem detail pages (any variant) hide the footer, as do focus-mode pages. */
export function hidesFooter(path: string): boolean {
  if (isFullScreenPath(path)) return true;
  return /^(?:\/(?:contest|group|training)\/[^/]+(?:\/training\/[^/]+)?)?\/problem\/[^/]+\/?$/.test(path);
}

export interface NavLinkSpec {
  to: string;
  label: string;
  icon: string;
}

/** Links of the bar for a mode; default-mode extras (discussion, rank menu) are added by the bar. */
export function modeLinks(mode: NavMode): NavLinkSpec[] {
  switch (mode.mode) {
    case 'contest':
      return [
        { to: `/contest/${mode.contestID}`, label: 'nav.contestHome', icon: 'home' },
        { to: `/contest/${mode.contestID}/problems`, label: 'nav.problems', icon: 'list' },
        {
          to: `/contest/${mode.contestID}/submissions?onlyMine=true`,
          label: 'nav.mySubmissions',
          icon: 'history',
        },
        { to: `/contest/${mode.contestID}/rank`, label: 'nav.rank', icon: 'timeline-bar-chart' },
      ];
    case 'group':
      return [
        { to: `/group/${mode.groupID}`, label: 'nav.groupHome', icon: 'home' },
        { to: `/group/${mode.groupID}/problem`, label: 'nav.problems', icon: 'list' },
      ];
    case 'training': {
      const base = mode.groupID
        ? `/group/${mode.groupID}/training/${mode.trainingID}`
        : `/training/${mode.trainingID}`;
      const links: NavLinkSpec[] = [
        { to: base, label: 'nav.trainingHome', icon: 'home' },
        { to: `${base}/problems`, label: 'nav.problems', icon: 'list' },
      ];
      if (mode.groupID) links.push({ to: `/group/${mode.groupID}`, label: 'nav.groupHome', icon: 'people' });
      return links;
    }
    default:
      return [
        { to: '/home', label: 'nav.home', icon: 'home' },
        { to: '/problem', label: 'nav.problem', icon: 'code' },
        { to: '/training', label: 'nav.training', icon: 'learning' },
        { to: '/contest', label: 'nav.contest', icon: 'flag' },
        { to: '/status', label: 'nav.status', icon: 'pulse' },
      ];
  }
}

export const RANK_LINKS: NavLinkSpec[] = [
  { to: '/acm-rank', label: 'nav.acmRank', icon: 'timeline-bar-chart' },
  { to: '/oi-rank', label: 'nav.oiRank', icon: 'horizontal-bar-chart' },
];

const basePath = (to: string) => to.split('?')[0] ?? to;

/**
 * Whether a navbar link is the current one: its path, or a path below it unless another link of
 * the bar matches more of the path (so the contest overview /contest/5 is not lit on
 * /contest/5/problems next to Problems). Home only matches itself.
 */
export function linkActive(to: string, path: string, all: readonly string[]): boolean {
  const base = basePath(to);
  if (path === base) return true;
  if (base === '/home' || !path.startsWith(`${base}/`)) return false;
  return !all.some((o) => {
    const b = basePath(o);
    return b.length > base.length && (path === b || path.startsWith(`${b}/`));
  });
}
