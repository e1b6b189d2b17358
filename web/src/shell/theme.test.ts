// @vitest-environment jsdom
import { Classes } from '@blueprintjs/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

type Listener = (e: { matches: boolean }) => void;
function fakeSystem(dark: boolean) {
  const listeners: Listener[] = [];
  const mq = {
    matches: dark,
    addEventListener: (_: string, l: Listener) => listeners.push(l),
    removeEventListener: vi.fn(),
  };
  window.matchMedia = vi.fn(() => mq) as unknown as typeof window.matchMedia;
  return {
    flip(next: boolean) {
      mq.matches = next;
      for (const l of listeners) l({ matches: next });
    },
  };
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  vi.resetModules();
});

describe('site theme (issue #16)', () => {
  it('follows the system setting, with Blueprint’s dark class on <html>', async () => {
    const system = fakeSystem(true);
    const { installTheme, useTheme } = await import('./theme');
    installTheme();
    expect(document.documentElement.classList.contains(Classes.DARK)).toBe(true);
    expect(useTheme.getState().theme).toBe('dark');
    system.flip(false);
    expect(document.documentElement.classList.contains(Classes.DARK)).toBe(false);
    expect(useTheme.getState().theme).toBe('light');
  });

  it('a chosen theme wins over the system, is stored, and "system" forgets it', async () => {
    const system = fakeSystem(false);
    const { installTheme, useTheme, THEME_STORAGE_KEY } = await import('./theme');
    installTheme();
    useTheme.getState().setChoice('dark');
    expect(document.documentElement.classList.contains(Classes.DARK)).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    system.flip(false);
    expect(document.documentElement.classList.contains(Classes.DARK)).toBe(true);
    useTheme.getState().setChoice('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.classList.contains(Classes.DARK)).toBe(false);
  });

  it('starts from the stored choice', async () => {
    fakeSystem(false);
    localStorage.setItem('oj-theme', 'dark');
    const { installTheme } = await import('./theme');
    installTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
