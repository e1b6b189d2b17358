import { describe, expect, it } from 'vitest';
import { isProblemPage } from './preload';

describe('problem pages the entry preloads for', () => {
  it('knows the problem routes and nothing else', () => {
    for (const p of [
      '/problem/1000',
      '/contest/3/problem/A',
      '/contest/3/problem/A/full-screen',
      '/training/2/problem/1000',
      '/group/5/problem/G1',
      '/group/5/training/7/problem/1000/full-screen',
    ])
      expect(isProblemPage(p), p).toBe(true);
    for (const p of ['/problem', '/problem/', '/home', '/contest/3', '/status', '/training/2'])
      expect(isProblemPage(p), p).toBe(false);
  });
});
