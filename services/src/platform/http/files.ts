// Answers that are files, not envelopes. Their routes document `FileBytes` as the success answer
// (protocol's route table); the bytes go out as they are, never through the JSON serialiser, so the
// reply is taken untyped here rather than cast at each route.
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** A stored image under a content-addressed name: cached for good. */
export function sendImage(reply: FastifyReply, file: { bytes: Uint8Array; contentType: string }) {
  return reply
    .type(file.contentType)
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .send(Buffer.from(file.bytes));
}

/** A download: the browser saves it under `fileName`. */
export function sendAttachment(
  reply: FastifyReply,
  type: string,
  fileName: string,
  body: Uint8Array | string | Readable,
) {
  return (
    reply
      .header('Content-Type', type)
      // the reference's form (HOJ's client and ours read it)
      .header('Content-Disposition', `attachment;filename=${encodeURIComponent(fileName)}`)
      .send(body instanceof Uint8Array && !Buffer.isBuffer(body) ? Buffer.from(body) : body)
  );
}
