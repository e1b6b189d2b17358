/** Markdown uploads (reference/api/core.md §10; spec part3 §7.2). Browser-safe. */
import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeOf } from '../envelope';

export const MD_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const MD_FILE_MAX_BYTES = 128 * 1024 * 1024;
export const MD_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'webp'] as const;
/** Where uploaded markdown images and files are served back. */
export const MD_IMAGE_URL_PREFIX = '/api/public/img/md/';
export const MD_FILE_URL_PREFIX = '/api/public/file/md/';

export const MdImageAnswer = Type.Object({ link: Type.String(), fileId: Type.Integer() });
export type MdImageAnswer = Static<typeof MdImageAnswer>;
export const MdFileAnswer = Type.Object({ link: Type.String() });
export type MdFileAnswer = Static<typeof MdFileAnswer>;
export const MdImageAnswerEnvelope = EnvelopeOf(MdImageAnswer);
export const MdFileAnswerEnvelope = EnvelopeOf(MdFileAnswer);
export const DeleteMdImageQuery = Type.Object({ fileId: Type.Integer() });
export const PublicMdParams = Type.Object({
  name: Type.String({ pattern: '^[0-9a-f]{32}(\\.[A-Za-z0-9]{1,16})?$' }),
});
