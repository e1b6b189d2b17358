import { describe, expect, it } from 'vitest';
import { activeEntry, ADMIN_MENU, isSuperOnlyPath, visibleMenu } from './menu';

describe('admin menu', () => {
  it('hides the super-admin pages from admins and problem admins', () => {
    const paths = visibleMenu(['admin']).map((e) => e.path);
    expect(paths).toContain('/admin/dashboard');
    expect(paths).toContain('/admin/problems');
    for (const p of [
      '/admin/user',
      '/admin/announcement',
      '/admin/notice',
      '/admin/tools',
      '/admin/conf',
      '/admin/switch',
    ])
      expect(paths).not.toContain(p);
    expect(visibleMenu(['root'])).toHaveLength(ADMIN_MENU.length);
  });

  it('finds the entry of nested paths by the longest prefix', () => {
    expect(activeEntry('/admin/contest/3/edit')?.path).toBe('/admin/contest');
    expect(activeEntry('/admin/contest/create')?.path).toBe('/admin/contest/create');
    expect(activeEntry('/admin/nothing')).toBeNull();
    expect(isSuperOnlyPath('/admin/user')).toBe(true);
    expect(isSuperOnlyPath('/admin/problems')).toBe(false);
  });
});
