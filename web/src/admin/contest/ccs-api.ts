// Calls of the Contest API import screens (issue #24 items 5, 7; services/src/contest/ccs-import/routes.ts).
// Types from protocol's contest route table (issue #30).
import type { CcsFeedBody, CcsImportBody } from '@oj/protocol/contest/ccs-import';
import { download, http } from '../../api/client';

export const ccsApi = {
  importFile: (body: CcsImportBody) =>
    http.post('/api/admin/contest/ccs/import', body, { timeoutMs: 120_000 }),
  feedBoard: (body: CcsFeedBody) =>
    http.post('/api/admin/contest/ccs/feed-board', body, { quiet: true, timeoutMs: 60_000 }),
};

/** The Contest Archive Format (issue #24 item 6; services/src/contest/ccs-archive/routes.ts). */
export const ccsArchiveApi = {
  exportArchive: (cid: number) => download('/api/admin/contest/ccs/archive', { cid }),
  importArchive: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    // A multipart upload: the table has no body schema for it, so the whole envelope is asked.
    return http
      .envelope('POST', '/api/admin/contest/ccs/archive/import', { body: form, timeoutMs: 300_000 })
      .then((e) => e.data);
  },
};

/** The format a file's name says (.tsv / .tab → tsv, else json). */
export function formatOfFile(name: string): 'json' | 'tsv' {
  return /\.(tsv|tab|txt)$/i.test(name) ? 'tsv' : 'json';
}

/** The kind a file's name says (organizations.json, teams.tsv, accounts.json …), if any. */
export function kindOfFile(name: string): CcsImportBody['kind'] | null {
  const n = name.toLowerCase();
  if (n.includes('organi') || n.includes('affiliation')) return 'organizations';
  if (n.includes('account')) return 'accounts';
  if (n.includes('team')) return 'teams';
  return null;
}
