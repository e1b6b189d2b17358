/**
 * Wire shapes of the Contest Archive Format export and import (issue #24 item 6), served under
 * /api/admin/contest/ccs/archive: the export is a zip (no envelope); the import answers how much
 * of the archive became the new contest.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeOf } from '../envelope';

/** Largest archive the import accepts (bytes). */
export const CCS_ARCHIVE_MAX_BYTES = 64 * 1024 * 1024;

export const CcsArchiveQuery = Type.Object({ cid: Type.Integer({ minimum: 1 }) });
export type CcsArchiveQuery = Static<typeof CcsArchiveQuery>;

export const CcsArchiveImportResult = Type.Object({
  /** The new contest (created hidden). */
  cid: Type.Integer(),
  problems: Type.Integer(),
  teams: Type.Integer(),
  /** Teams whose username did not exist here: created with a random password. */
  accountsCreated: Type.Integer(),
  submissions: Type.Integer(),
  /** Submissions left out: no final judgement, or an unknown problem or team. */
  skipped: Type.Integer(),
});
export type CcsArchiveImportResult = Static<typeof CcsArchiveImportResult>;
export const CcsArchiveImportEnvelope = EnvelopeOf(CcsArchiveImportResult);
