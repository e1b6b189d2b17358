// The Contest API imports (issue #24 items 5 and 7): organisations, teams and accounts of a
// contest from the spec's JSON or DOMjudge's TSV with a result per row, and another system's
// event feed read for our scroll board.
import type { BlobStore } from '@oj/protocol/bus';
import type {
  CcsFeedBoard,
  CcsFeedBody,
  CcsImportBody,
  CcsImportResult,
  CcsImportRow,
} from '@oj/protocol/contest/ccs-import';
import type { AuthUser } from '../../platform/http/access';
import { fail } from '../../platform/http/errors';
import { imageTypeOf } from '../../platform/http/upload';
import * as repo from './repository';
import { M } from './messages';
import {
  readAccountsJson,
  readAccountsTsv,
  readOrganizationsJson,
  readTeamsJson,
  readTeamsTsv,
  type AccountRow,
  type OrgRow,
  type Parsed,
  type TeamRow,
} from './parse';
import { feedBoard, FeedError, readEventFeed } from './event-feed';
import { fetchFeed, type FetchFeedOptions } from './fetch-feed';

/** The back office's batch account creation (passwords hashed on the shared worker pool). */
export interface AccountBatchPort {
  insertBatch(rows: readonly (readonly (string | null)[])[]): Promise<{
    results: { row: number; username: string; ok: boolean; reason: string | null }[];
  }>;
}

export interface CcsImportDeps {
  db: repo.Db;
  blobs: BlobStore;
  accounts: AccountBatchPort;
  /** The contest service's admin check (site root, the contest's creator or admins); throws. */
  requireContestAdmin(user: AuthUser, cid: number): Promise<unknown>;
  fetch?: FetchFeedOptions;
}

function tally(rows: CcsImportRow[]): CcsImportResult {
  rows.sort((a, b) => a.line - b.line);
  const n = (o: CcsImportRow['outcome']) => rows.filter((r) => r.outcome === o).length;
  return { created: n('created'), updated: n('updated'), refused: n('refused'), rows };
}

export function createCcsImportService(d: CcsImportDeps) {
  const { db } = d;

  /** Parse results with the rows repeating an earlier id refused. */
  function dedupe<T>(parsed: Parsed<T>[], out: CcsImportRow[]): { line: number; id: string; row: T }[] {
    const seen = new Set<string>();
    const good: { line: number; id: string; row: T }[] = [];
    for (const p of parsed) {
      if ('error' in p) out.push({ line: p.line, id: p.id, outcome: 'refused', reason: p.error });
      else if (seen.has(p.id))
        out.push({ line: p.line, id: p.id, outcome: 'refused', reason: M.ROW_REPEATED });
      else {
        seen.add(p.id);
        good.push(p);
      }
    }
    return good;
  }

  async function storeOrg(o: OrgRow): Promise<{ id: number; created: boolean } | { error: string }> {
    let blob: string | null = null;
    if (o.logoData) {
      if (!imageTypeOf(o.logoData.bytes)) return { error: M.ROW_BAD_LOGO };
      blob = await d.blobs.put(o.logoData.bytes);
    }
    return repo.upsertOrg(db, o, blob);
  }

  async function organizations(text: string): Promise<CcsImportRow[]> {
    const parsed = readOrganizationsJson(text);
    if (!Array.isArray(parsed)) throw fail(parsed.error);
    const out: CcsImportRow[] = [];
    for (const p of dedupe(parsed, out)) {
      const r = await storeOrg(p.row);
      out.push(
        'error' in r
          ? { line: p.line, id: p.id, outcome: 'refused', reason: r.error }
          : { line: p.line, id: p.id, outcome: r.created ? 'created' : 'updated', reason: null },
      );
    }
    return out;
  }

  async function teams(cid: number, format: 'json' | 'tsv', text: string): Promise<CcsImportRow[]> {
    const out: CcsImportRow[] = [];
    let rows: { line: number; id: string; row: TeamRow }[];
    if (format === 'tsv') {
      const parsed = readTeamsTsv(text);
      if (!Array.isArray(parsed)) throw fail(parsed.error);
      const good = dedupe(parsed, out);
      // The affiliation columns bring the organisations (the first row naming one decides it).
      const orgs = new Map<string, OrgRow>();
      for (const g of good) if (g.row.org && !orgs.has(g.row.org.id)) orgs.set(g.row.org.id, g.row.org);
      for (const o of orgs.values()) await storeOrg(o);
      rows = good.map((g) => ({ line: g.line, id: g.id, row: g.row.team }));
    } else {
      const parsed = readTeamsJson(text);
      if (!Array.isArray(parsed)) throw fail(parsed.error);
      rows = dedupe(parsed, out);
    }
    const orgIds = await repo.orgsByExtId(
      db,
      rows.flatMap((r) => (r.row.organizationId ? [r.row.organizationId] : [])),
    );
    for (const r of rows) {
      const org = r.row.organizationId;
      if (org && !orgIds.has(org)) {
        out.push({ line: r.line, id: r.id, outcome: 'refused', reason: M.ROW_UNKNOWN_ORG });
        continue;
      }
      const { created } = await repo.upsertTeam(db, cid, r.row, org ? orgIds.get(org)! : null);
      out.push({ line: r.line, id: r.id, outcome: created ? 'created' : 'updated', reason: null });
    }
    return out;
  }

  async function accounts(cid: number, format: 'json' | 'tsv', text: string): Promise<CcsImportRow[]> {
    const parsed = format === 'tsv' ? readAccountsTsv(text) : readAccountsJson(text);
    if (!Array.isArray(parsed)) throw fail(parsed.error);
    const out: CcsImportRow[] = [];
    const refuse = (p: { line: number; id: string }, reason: string) =>
      out.push({ line: p.line, id: p.id, outcome: 'refused', reason });
    const rows: { line: number; id: string; row: AccountRow & { teamId: string } }[] = [];
    for (const p of dedupe(parsed, out)) {
      if (p.row.type !== 'team') refuse(p, M.ROW_NOT_TEAM_ACCOUNT);
      else if (!p.row.teamId) refuse(p, M.ROW_UNKNOWN_TEAM);
      else rows.push({ ...p, row: { ...p.row, teamId: p.row.teamId } });
    }
    const teamsById = await repo.teamsOf(
      db,
      cid,
      rows.map((r) => r.row.teamId),
    );
    const existing = await repo.usersByName(
      db,
      rows.map((r) => r.row.username),
    );
    const linkedTeam = await repo.teamOfUids(
      db,
      cid,
      [...existing.values()].map((u) => u.uid),
    );
    /** Teams taken by an earlier row of this file. */
    const claimed = new Set<string>();
    const fresh: {
      line: number;
      id: string;
      row: AccountRow & { teamId: string };
      password: string;
    }[] = [];
    for (const r of rows) {
      const team = teamsById.get(r.row.teamId);
      if (!team) {
        refuse(r, M.ROW_UNKNOWN_TEAM);
        continue;
      }
      const user = existing.get(r.row.username);
      // A new account needs its password in the file (none is generated: no password goes back
      // in an answer, as the back office's own batch creation).
      if (!user && r.row.password === null) {
        refuse(r, M.ROW_NO_PASSWORD);
        continue;
      }
      if (claimed.has(r.row.teamId) || (team.uid !== null && team.uid !== user?.uid)) {
        refuse(r, M.ROW_TEAM_TAKEN);
        continue;
      }
      if (user) {
        if (user.admin) refuse(r, M.ROW_PROTECTED_ACCOUNT);
        else if ((linkedTeam.get(user.uid) ?? r.row.teamId) !== r.row.teamId) refuse(r, M.ROW_USER_TAKEN);
        else {
          claimed.add(r.row.teamId);
          await repo.linkAccount(db, cid, r.row.teamId, user.uid);
          out.push({ line: r.line, id: r.id, outcome: 'updated', reason: M.ROW_KEPT_PASSWORD });
        }
        continue;
      }
      claimed.add(r.row.teamId);
      fresh.push({ ...r, password: r.row.password ?? '' });
    }
    if (fresh.length) {
      // [username, password, email, realname, gender, nickname, school]: the batch insert's row.
      const batch = await d.accounts.insertBatch(
        fresh.map((f) => {
          const team = teamsById.get(f.row.teamId)!;
          return [
            f.row.username,
            f.password,
            null,
            f.row.name,
            null,
            team.displayName ?? team.name,
            team.org,
          ];
        }),
      );
      const made = await repo.usersByName(
        db,
        batch.results.filter((b) => b.ok).map((b) => b.username),
      );
      for (const b of batch.results) {
        const f = fresh[b.row]!;
        const uid = made.get(f.row.username)?.uid;
        if (!b.ok || !uid) {
          refuse(f, b.reason ?? M.ROW_REPEATED);
          continue;
        }
        await repo.linkAccount(db, cid, f.row.teamId, uid);
        out.push({ line: f.line, id: f.id, outcome: 'created', reason: null });
      }
    }
    return out;
  }

  async function importFile(user: AuthUser, body: CcsImportBody): Promise<CcsImportResult> {
    await d.requireContestAdmin(user, body.cid);
    if (body.kind === 'organizations') {
      if (body.format === 'tsv') throw fail(M.IMPORT_NO_ORG_TSV);
      return tally(await organizations(body.content));
    }
    if (body.kind === 'teams') return tally(await teams(body.cid, body.format, body.content));
    return tally(await accounts(body.cid, body.format, body.content));
  }

  async function readFeed(body: CcsFeedBody): Promise<CcsFeedBoard> {
    try {
      let text: string;
      if (body.ndjson) text = body.ndjson;
      else if (body.url) text = await fetchFeed(body.url, body, d.fetch);
      else throw new FeedError(M.FEED_SOURCE);
      return feedBoard(readEventFeed(text));
    } catch (err) {
      if (err instanceof FeedError) throw fail(err.message);
      throw err;
    }
  }

  return { importFile, readFeed };
}

export type CcsImportService = ReturnType<typeof createCcsImportService>;
