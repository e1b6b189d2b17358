// The file capability's operations (issue #30): request schemas and success envelope per route.
import { EmptyEnvelope, FileBytes } from '../envelope';
import type { OperationTable } from '../operations';
import { DeleteMdImageQuery, MdFileAnswerEnvelope, MdImageAnswerEnvelope, PublicMdParams } from './schemas';

/** An uploaded markdown image or file, served back as its bytes (no envelope). */
const served = { params: PublicMdParams, response: FileBytes } as const;

export const fileOperations = {
  'POST /api/file/upload-md-img': { response: MdImageAnswerEnvelope },
  'POST /api/file/upload-md-file': { response: MdFileAnswerEnvelope },
  'GET /api/file/delete-md-img': { querystring: DeleteMdImageQuery, response: EmptyEnvelope },
  'GET /api/public/img/md/:name': served,
  'GET /api/public/file/md/:name': served,
} as const satisfies Partial<OperationTable>;
