// Markdown uploads (reference core.md §10; spec part3 §7.2): images and files pasted or dropped
// into a markdown editor, kept in the platform's content-addressed blob store, served back.
import { randomBytes } from 'node:crypto';
import type { BlobStore } from '@oj/protocol/bus';
import {
  MD_FILE_MAX_BYTES,
  MD_FILE_URL_PREFIX,
  MD_IMAGE_MAX_BYTES,
  MD_IMAGE_URL_PREFIX,
} from '@oj/protocol/file/schemas';
import { isGroupAdmin, type GroupRolePort } from '../platform/shared-ports';
import { hasRole, isRoot, type AuthUser } from '../platform/http/access';
import { ApiError, fail } from '../platform/http/errors';
import { F } from './messages';
import * as repo from './repository';
import {
  extensionOf,
  imageContentType,
  isImageExtension,
  mayUploadFile,
  safeExtension,
  sniffImage,
} from './rules';

export interface Upload {
  filename: string;
  bytes: Uint8Array;
  truncated: boolean;
}

export interface FileServiceDeps {
  db: repo.FileDb;
  blobs: BlobStore;
  groups: GroupRolePort;
}

const newName = () => randomBytes(16).toString('hex');

export function createFileService(deps: FileServiceDeps) {
  const { db } = deps;

  async function groupAdmin(user: AuthUser, gid: number | undefined) {
    return !!gid && isGroupAdmin(await deps.groups.standing(user.uid, gid));
  }

  /** POST /api/file/upload-md-img. */
  async function uploadImage(user: AuthUser, file: Upload | null) {
    if (!file || file.bytes.byteLength === 0) throw fail(F.IMAGE_EMPTY);
    if (file.truncated || file.bytes.byteLength > MD_IMAGE_MAX_BYTES) throw fail(F.IMAGE_BIG);
    const ext = extensionOf(file.filename);
    if (!isImageExtension(ext) || !sniffImage(file.bytes, ext)) throw fail(F.IMAGE_TYPE);
    const name = `${newName()}.${ext}`;
    try {
      const blobKey = await deps.blobs.put(Buffer.from(file.bytes));
      const fileId = await repo.insertFile(db, {
        name,
        kind: 'img',
        uid: user.uid,
        blobKey,
        contentType: imageContentType(ext),
        size: file.bytes.byteLength,
        originalName: file.filename.slice(0, 255),
      });
      return { link: MD_IMAGE_URL_PREFIX + name, fileId };
    } catch {
      throw fail(F.IMAGE_WRITE, 500);
    }
  }

  /** POST /api/file/upload-md-file: site admins or a group admin of `gid`. */
  async function uploadFile(user: AuthUser, file: Upload | null, gid: number | undefined) {
    if (!mayUploadFile(user, await groupAdmin(user, gid))) throw new ApiError(403, F.NO_PERMISSION);
    if (!file || file.bytes.byteLength === 0) throw fail(F.FILE_EMPTY);
    if (file.truncated || file.bytes.byteLength >= MD_FILE_MAX_BYTES) throw fail(F.FILE_BIG);
    const ext = safeExtension(file.filename);
    const name = ext ? `${newName()}.${ext}` : newName();
    try {
      const blobKey = await deps.blobs.put(Buffer.from(file.bytes));
      await repo.insertFile(db, {
        name,
        kind: 'file',
        uid: user.uid,
        blobKey,
        contentType: 'application/octet-stream',
        size: file.bytes.byteLength,
        originalName: file.filename.slice(0, 255),
      });
      return { link: MD_FILE_URL_PREFIX + name };
    } catch {
      throw fail(F.FILE_WRITE, 500);
    }
  }

  /** GET /api/file/delete-md-img: the uploader, root or problem_admin. */
  async function deleteImage(user: AuthUser, fileId: number) {
    const row = await repo.findById(db, fileId);
    if (!row) throw fail(F.DELETE_MISSING);
    if (row.kind !== 'img') throw new ApiError(403, F.DELETE_UNSUPPORTED);
    if (row.uid !== user.uid && !isRoot(user) && !hasRole(user, 'problem_admin'))
      throw new ApiError(403, F.NO_PERMISSION);
    if (!(await repo.deleteById(db, fileId))) throw fail(F.DELETE_FAILED);
    return null;
  }

  /** Bytes of a served file, or null. */
  async function served(kind: 'img' | 'file', name: string) {
    const row = await repo.findByName(db, name, kind);
    if (!row) return null;
    const bytes = await deps.blobs.get(row.blobKey);
    return bytes ? { bytes, contentType: row.contentType, originalName: row.originalName } : null;
  }

  return { uploadImage, uploadFile, deleteImage, served };
}

export type FileService = ReturnType<typeof createFileService>;
