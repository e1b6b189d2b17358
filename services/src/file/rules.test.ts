import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../platform/http/access';
import { extensionOf, isImageExtension, mayUploadFile, safeExtension, sniffImage } from './rules';

const u = (roles: string[]): AuthUser => ({ uid: 'u', username: 'u', roleIds: [], roles, permissions: [] });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('markdown upload rules', () => {
  it('checks image extensions exactly', () => {
    expect(isImageExtension(extensionOf('a.PNG'))).toBe(true);
    expect(isImageExtension('pg')).toBe(false);
    expect(isImageExtension('svg')).toBe(false);
    expect(extensionOf('noext')).toBe('');
  });
  it('sniffs the bytes against the claimed type', () => {
    expect(sniffImage(PNG, 'png')).toBe(true);
    expect(sniffImage(new TextEncoder().encode('<svg onload=alert(1)>'), 'png')).toBe(false);
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'jpg')).toBe(true);
    expect(sniffImage(new TextEncoder().encode('GIF89a'), 'gif')).toBe(true);
  });
  it('files: site admins or group admins only', () => {
    expect(mayUploadFile(u(['default_user']), false)).toBe(false);
    expect(mayUploadFile(u(['default_user']), true)).toBe(true);
    expect(mayUploadFile(u(['problem_admin']), false)).toBe(true);
  });
  it('keeps only plain extensions', () => {
    expect(safeExtension('x.tar.GZ')).toBe('gz');
    expect(safeExtension('x.<script>')).toBe('');
  });
});
