// Pure rules of markdown uploads: who may upload, which images pass, what type is served.
import { MD_IMAGE_EXTENSIONS } from '@oj/protocol/file/schemas';
import { isSiteAdmin, type AuthUser } from '../platform/http/access';

/** The extension after the last dot, lower-cased ('' when none). */
export function extensionOf(filename: string): string {
  const i = filename.lastIndexOf('.');
  return i >= 0 ? filename.slice(i + 1).toLowerCase() : '';
}

/** Image extensions are checked exactly (the original's substring test let "pg" through: compat M6). */
export const isImageExtension = (ext: string): boolean =>
  (MD_IMAGE_EXTENSIONS as readonly string[]).includes(ext);

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  webp: 'image/webp',
};
export const imageContentType = (ext: string): string => IMAGE_TYPES[ext] ?? 'application/octet-stream';

/** The image's first bytes must match its claimed type (a renamed HTML or SVG file is refused). */
export function sniffImage(bytes: Uint8Array, ext: string): boolean {
  const b = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, s: string) => [...s].every((c, i) => b(from + i) === c.charCodeAt(0));
  switch (ext) {
    case 'png':
      return b(0) === 0x89 && ascii(1, 'PNG');
    case 'jpg':
    case 'jpeg':
      return b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff;
    case 'gif':
      return ascii(0, 'GIF8');
    case 'webp':
      return ascii(0, 'RIFF') && ascii(8, 'WEBP');
    default:
      return false;
  }
}

/**
 * Images: any signed-in user (discussions and comments take pictures too: compat M5).
 * Files: site admins, or a group admin of `gid` (reference core.md §10).
 */
export const mayUploadFile = (user: AuthUser, groupAdmin: boolean): boolean =>
  isSiteAdmin(user) || groupAdmin;

/** A stored file's extension, kept only when it is short and plain. */
export const safeExtension = (filename: string): string => {
  const ext = extensionOf(filename);
  return /^[a-z0-9]{1,16}$/.test(ext) ? ext : '';
};
