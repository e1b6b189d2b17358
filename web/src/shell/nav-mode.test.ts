import { describe, expect, it } from 'vitest';
import { hidesFooter, isFullScreenPath, linkActive, modeLinks, navModeOf } from './nav-mode';

describe('navModeOf', () => {
  it('recognises contest, group and training areas', () => {
    expect(navModeOf('/home')).toEqual({ mode: 'default' });
    expect(navModeOf('/contest')).toEqual({ mode: 'default' });
    expect(navModeOf('/contest/12')).toEqual({ mode: 'contest', contestID: '12' });
    expect(navModeOf('/contest/12/problem/A')).toEqual({ mode: 'contest', contestID: '12' });
    expect(navModeOf('/contest/acm-scoreboard/12')).toEqual({ mode: 'default' });
    expect(navModeOf('/group/3/problem')).toEqual({ mode: 'group', groupID: '3' });
    expect(navModeOf('/group')).toEqual({ mode: 'default' });
    expect(navModeOf('/training/7/rank')).toEqual({ mode: 'training', trainingID: '7' });
    expect(navModeOf('/group/3/training/7/problems')).toEqual({
      mode: 'training',
      trainingID: '7',
      groupID: '3',
    });
  });
  it('builds the contest links of the spec', () => {
    expect(modeLinks({ mode: 'contest', contestID: '5' }).map((l) => l.to)).toEqual([
      '/contest/5',
      '/contest/5/problems',
      '/contest/5/submissions?onlyMine=true',
      '/contest/5/rank',
    ]);
    expect(modeLinks({ mode: 'group', groupID: '2' }).map((l) => l.to)).toEqual([
      '/group/2',
      '/group/2/problem',
    ]);
    expect(modeLinks({ mode: 'training', trainingID: '9', groupID: '2' }).map((l) => l.to)).toContain(
      '/group/2',
    );
    expect(modeLinks({ mode: 'training', trainingID: '9' }).map((l) => l.to)).not.toContain('/group/2');
  });
});

describe('chrome rules', () => {
  it('hides the footer on problem details and focus mode only', () => {
    expect(hidesFooter('/problem/1000')).toBe(true);
    expect(hidesFooter('/contest/1/problem/A')).toBe(true);
    expect(hidesFooter('/group/1/problem/7')).toBe(true);
    expect(hidesFooter('/training/1/problem/7')).toBe(true);
    expect(hidesFooter('/contest/1/problem/A/full-screen')).toBe(true);
    expect(hidesFooter('/problem')).toBe(false);
    expect(hidesFooter('/home')).toBe(false);
    expect(hidesFooter('/contest/1/problems')).toBe(false);
    expect(isFullScreenPath('/group/1/training/2/problem/3/full-screen')).toBe(true);
    expect(isFullScreenPath('/problem/1')).toBe(false);
  });
});

describe('linkActive (issue #16: the contest navbar lit two items)', () => {
  const links = modeLinks(navModeOf('/contest/5/problems')).map((l) => l.to);
  const lit = (path: string) => links.filter((to) => linkActive(to, path, links));
  it('lights exactly one contest link', () => {
    expect(lit('/contest/5/problems')).toEqual(['/contest/5/problems']);
    expect(lit('/contest/5/rank')).toEqual(['/contest/5/rank']);
    expect(lit('/contest/5/submissions')).toHaveLength(1);
    expect(lit('/contest/5')).toEqual(['/contest/5']);
    // a tab without its own link keeps the overview lit
    expect(lit('/contest/5/announcements')).toEqual(['/contest/5']);
  });
  it('keeps sections lit below their path, home only on itself', () => {
    const main = ['/home', '/problem', '/status'];
    expect(linkActive('/problem', '/problem/1000', main)).toBe(true);
    expect(linkActive('/home', '/home/x', main)).toBe(false);
  });
});
