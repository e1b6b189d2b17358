// HTTP shape of markdown uploads (reference core.md §10) and their static serving.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MD_FILE_MAX_BYTES, MD_IMAGE_MAX_BYTES } from '@oj/protocol/file/schemas';
import { fileOperations as O } from '@oj/protocol/file/operations';
import { routeSchema } from '@oj/protocol/operations';
import { ApiError, Messages } from '../platform/http/errors';
import { INT32_MAX } from '../platform/http/request-bounds';
import { UPLOAD_MALFORMED } from '../platform/http/upload';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { FileService, Upload } from './service';

const login = { access: 'login' } as const;
const anonymous = { access: 'anonymous' } as const;

/** The multipart file in `field` plus the form's `gid`, read within `limit` bytes. */
async function readUpload(req: FastifyRequest, field: string, limit: number) {
  if (!req.isMultipart()) return { file: null, gid: undefined };
  let file: Upload | null = null;
  let gid: number | undefined;
  // An over-long file is cut and flagged (`truncated`) instead of throwing, so the size text is ours.
  const opts = { limits: { fileSize: limit + 1 }, throwFileSizeLimit: false };
  try {
    for await (const part of req.parts(opts as Parameters<typeof req.parts>[0])) {
      if (part.type === 'file') {
        if (part.fieldname === field && !file) {
          const bytes = await part.toBuffer().catch(() => null);
          file = {
            // A part sent without a file name (allowed by multipart) has none here: treat as ''.
            filename: part.filename ?? '',
            bytes: new Uint8Array(bytes ?? []),
            truncated: !bytes || part.file.truncated,
          };
        } else part.file.resume();
      } else if (part.fieldname === 'gid') {
        const n = Number(part.value);
        if (Number.isInteger(n) && n > 0 && n <= INT32_MAX) gid = n;
      }
    }
  } catch (err) {
    // A second file part ("reach files limit": one file per request) or a broken body: bad input.
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, UPLOAD_MALFORMED, 400);
  }
  const q = (req.query ?? {}) as { gid?: string };
  if (gid === undefined && q.gid && /^\d{1,10}$/.test(q.gid) && Number(q.gid) <= INT32_MAX)
    gid = Number(q.gid);
  return { file, gid };
}

export function registerFileRoutes(app: App, s: FileService): void {
  const multipart = { consumes: ['multipart/form-data'] };
  app.post(
    '/api/file/upload-md-img',
    { config: login, schema: { ...multipart, ...routeSchema(O['POST /api/file/upload-md-img']) } },
    async (req) => {
      const { file } = await readUpload(req, 'image', MD_IMAGE_MAX_BYTES);
      return ok(await s.uploadImage(req.user!, file));
    },
  );
  app.post(
    '/api/file/upload-md-file',
    { config: login, schema: { ...multipart, ...routeSchema(O['POST /api/file/upload-md-file']) } },
    async (req) => {
      const { file, gid } = await readUpload(req, 'file', MD_FILE_MAX_BYTES);
      return ok(await s.uploadFile(req.user!, file, gid));
    },
  );
  app.get(
    '/api/file/delete-md-img',
    { config: login, schema: routeSchema(O['GET /api/file/delete-md-img']) },
    async (req) => ok(await s.deleteImage(req.user!, req.query.fileId)),
  );

  // Served without the envelope (sendServed).
  for (const kind of ['img', 'file'] as const)
    app.get(
      `/api/public/${kind}/md/:name`,
      { config: anonymous, schema: routeSchema(O[`GET /api/public/${kind}/md/:name`]) },
      async (req, reply) => {
        const file = await s.served(kind, req.params.name);
        if (!file) throw new ApiError(404, Messages.NOT_FOUND_PATH, 404);
        return sendServed(reply, kind, file);
      },
    );
}

/**
 * Served without the envelope (FileBytes: the bytes as they are). Uploaded bytes never run as a
 * page: nosniff, no scripts, and anything that is not a checked image downloads as an attachment.
 */
function sendServed(
  reply: FastifyReply,
  kind: 'img' | 'file',
  file: { bytes: Uint8Array; contentType: string; originalName: string | null },
) {
  reply
    .type(file.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'public, max-age=31536000, immutable');
  if (kind === 'file')
    reply.header(
      'Content-Disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(file.originalName ?? 'file')}`,
    );
  return reply.send(Buffer.from(file.bytes));
}
