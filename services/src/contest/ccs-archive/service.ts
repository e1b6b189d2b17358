// The Contest Archive Format (issue #24 item 6): a contest as the Contest API's archive (the
// collections' JSON files, the admin event feed as event-feed.ndjson, the submissions' sources
// at submissions/<id>/files.zip) built from the same Contest API service functions the REST
// endpoints use (admin view) and streamed out as a zip; and the import that recreates a contest
// from such an archive with its submissions' final verdicts (no re-judging), in one transaction.
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough, strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { AwardConfig } from '@oj/protocol/contest/scoreboard';
import { CCS_ARCHIVE_MAX_BYTES, type CcsArchiveImportResult } from '@oj/protocol/contest/ccs-archive';
import type { AuthUser } from '../../platform/http/access';
import { denied, fail } from '../../platform/http/errors';
import { readZipAsync, ZipError, type ZipEntries } from '../../problem/zip';
import { CcsError, type CcsService, type ContestView } from '../ccs/service';
import { extensionsOf, languageIdOf, languageNameOfId, problemIdOf } from '../ccs/mapping';
import { parseRelTime, parseTime, statusOfJudgementType } from '../ccs-import/event-feed';
import type { AccountBatchPort } from '../ccs-import/service';
import * as repo from './repository';
import { M, accountsRefused, badFile, missingLanguages, missingProblems } from './messages';

/** Our own file beside the spec's: what the spec has no property for (read back by the import). */
export const EXTENSION_FILE = 'oj-contest.json';
/** The longest contest an archive may describe (a year). */
const MAX_DURATION_MS = 366 * 24 * 3600_000;
/** Sources read from the database per batch while the zip streams. */
const SOURCE_BATCH = 200;
/** The largest archive an import reads (held in memory while it is read). */
export const MAX_ARCHIVE_BYTES = CCS_ARCHIVE_MAX_BYTES;

export interface CcsArchiveDeps {
  db: repo.Db;
  ccs: CcsService;
  /** The admin event feed of a contest as NDJSON (everything from its first event). */
  adminFeed(user: AuthUser, cid: number): Promise<string>;
  accounts: AccountBatchPort;
  /** The contest service's admin check (site root/admin, the contest's creator or admins); throws. */
  requireContestAdmin(user: AuthUser, cid: number): Promise<unknown>;
}

interface OjExtension {
  format: 1;
  contest: {
    description: string;
    auth: number;
    rankShowName: string;
    oiRankScoreType: string;
    starAccount: string[];
    awardType: number;
    awardConfig: AwardConfig[];
    openRank: boolean;
  };
  /** Contest problems: the archive's problem id → our problem's public id and colour. */
  problems: { id: string; problemId: string; color: string | null }[];
  /** Teams: the archive's team id → username. */
  teams: { id: string; username: string }[];
}

type Obj = Record<string, unknown>;
/** A NUL, or a UTF-16 surrogate without its pair: PostgreSQL text and json cannot store them. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function storable(v: unknown): boolean {
  if (typeof v === 'string') return !UNSTORABLE.test(v);
  if (Array.isArray(v)) return v.every(storable);
  if (v && typeof v === 'object') return Object.entries(v).every(([k, x]) => storable(k) && storable(x));
  return true;
}
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const listOf = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

export function createCcsArchiveService(d: CcsArchiveDeps) {
  async function adminView(user: AuthUser, cid: number): Promise<ContestView> {
    await d.requireContestAdmin(user, cid);
    let v: ContestView;
    try {
      v = await d.ccs.view(user, String(cid));
    } catch (err) {
      if (err instanceof CcsError) throw denied(err.message);
      throw err;
    }
    if (v.perspective !== 'admin') throw denied('not a contest admin');
    return v;
  }

  /**
   * The archive of contest `cid` as a stream (the caller's rights checked before the first byte):
   * one zip entry after the other, the sources read in batches, waiting for the reader to drain.
   */
  async function exportArchive(user: AuthUser, cid: number): Promise<{ name: string; stream: Readable }> {
    const v = await adminView(user, cid);
    const out = new PassThrough();
    void writeArchive(user, v, out).catch((err: unknown) => out.destroy(err as Error));
    return { name: `contest-${cid}-archive.zip`, stream: out };
  }

  async function writeArchive(user: AuthUser, v: ContestView, out: PassThrough) {
    const zip = new Zip((err, chunk, final) => {
      if (err) return void out.destroy(err);
      if (!out.destroyed) out.write(chunk);
      if (final) out.end();
    });
    const drained = async () => {
      if (out.destroyed) throw new Error('the reader went away');
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    };
    const file = async (name: string, data: string) => {
      const f = new ZipDeflate(name, { level: 6 });
      zip.add(f);
      f.push(strToU8(data), true);
      await drained();
    };
    const json = (name: string, data: unknown) => file(name, JSON.stringify(data, null, 1));
    const s = d.ccs;
    const [submissions, problems] = await Promise.all([s.submissions(v), s.problems(v)]);
    await json('api.json', s.apiInfo());
    await json('contest.json', s.contestOf(v.c));
    await json('state.json', s.state(v));
    await json('judgement-types.json', s.judgementTypes());
    await json('languages.json', await s.languages());
    await json('problems.json', problems);
    await json('groups.json', await s.groups(v));
    await json('organizations.json', await s.organizations(v));
    const teams = await s.teams(v);
    await json('teams.json', teams);
    await json('accounts.json', await s.accounts(v));
    await json('persons.json', await s.persons(v));
    // In the archive a file reference points at the file beside the JSON.
    await json(
      'submissions.json',
      submissions.map((x) => ({
        ...x,
        files: x.files.map((f) => ({ ...f, href: `submissions/${x.id}/files.zip` })),
      })),
    );
    await json('judgements.json', await s.judgements(v));
    await json('runs.json', await s.runs(v));
    await json('clarifications.json', await s.clarifications(v));
    await json('awards.json', await s.awards(v));
    await json('scoreboard.json', await s.scoreboard(v));

    const cps = new Map(
      (await repo.contestProblemRows(d.db, v.c.id)).map((p) => [problemIdOf(p.displayId, p.cpid), p]),
    );
    const ext: OjExtension = {
      format: 1,
      contest: {
        description: v.c.description,
        auth: v.c.auth,
        rankShowName: v.c.rankShowName,
        oiRankScoreType: v.c.oiRankScoreType,
        starAccount: v.c.starAccount,
        awardType: v.c.awardType,
        awardConfig: v.c.awardConfig,
        openRank: v.c.openRank,
      },
      problems: problems.flatMap((p) => {
        const cp = cps.get(p.id);
        return cp?.problemId ? [{ id: p.id, problemId: cp.problemId, color: cp.color }] : [];
      }),
      teams: teams.map((t) => ({ id: t.id, username: t.label ?? t.id })),
    };
    await json(EXTENSION_FILE, ext);

    // The admin event feed, one line per event, pushed as it is written.
    const ndjson = strToU8(await d.adminFeed(user, v.c.id));
    const nd = new ZipDeflate('event-feed.ndjson', { level: 6 });
    zip.add(nd);
    for (let i = 0; i < ndjson.length; i += 1 << 20) {
      nd.push(ndjson.subarray(i, i + (1 << 20)));
      await drained();
    }
    nd.push(new Uint8Array(0), true);

    for (let i = 0; i < submissions.length; i += SOURCE_BATCH) {
      const ids = submissions.slice(i, i + SOURCE_BATCH).map((x) => Number(x.id));
      for (const src of await repo.sources(d.db, v.c.id, ids)) {
        const ext0 = extensionsOf(src.language, '')[0] ?? 'txt';
        const name = languageIdOf(src.language) === 'java' ? 'Main.java' : `main.${ext0}`;
        const f = new ZipPassThrough(`submissions/${src.submitId}/files.zip`);
        zip.add(f);
        f.push(zipSync({ [name]: strToU8(src.code) }), true);
        await drained();
      }
    }
    zip.end();
  }

  // ---- import ----

  function jsonFile(files: ZipEntries, name: string, required: boolean): unknown[] {
    const bytes = files.get(name);
    if (!bytes) {
      if (required) throw fail(badFile(name));
      return [];
    }
    let v: unknown;
    try {
      v = JSON.parse(strFromU8(bytes));
    } catch {
      throw fail(badFile(name));
    }
    if (!Array.isArray(v) || !storable(v)) throw fail(badFile(name));
    return v;
  }

  function objectFile(files: ZipEntries, name: string): Obj | null {
    const bytes = files.get(name);
    if (!bytes) return null;
    try {
      const v: unknown = JSON.parse(strFromU8(bytes));
      if (isObj(v) && storable(v)) return v;
    } catch {
      // refused below
    }
    throw fail(badFile(name));
  }

  const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
  /** A whole number the integer columns hold (scores, milliseconds), else null. */
  const int32 = (v: unknown, scale = 1): number | null =>
    typeof v === 'number' && Number.isFinite(v) && Math.abs(v * scale) < 2 ** 31
      ? Math.round(v * scale)
      : null;

  /** Award settings as the contest form saves them; anything else is dropped. */
  function awardsOf(v: unknown): AwardConfig[] {
    if (!Array.isArray(v)) return [];
    return v.filter(
      (a): a is AwardConfig =>
        isObj(a) &&
        typeof a.name === 'string' &&
        typeof a.background === 'string' &&
        typeof a.color === 'string' &&
        (a.num === null || (typeof a.num === 'number' && Number.isInteger(a.num) && a.num >= 0)) &&
        (a.priority === undefined || a.priority === null || typeof a.priority === 'number'),
    );
  }

  /** The only source file of a submission's files.zip (the first one when there are several). */
  function sourceOf(files: ZipEntries, id: string): string {
    const bytes = files.get(`submissions/${id}/files.zip`);
    if (!bytes) return '';
    try {
      const inner = unzipSync(bytes);
      const first = Object.keys(inner).sort()[0];
      const code = first === undefined ? '' : strFromU8(inner[first]!);
      if (!storable(code)) throw new Error('unstorable');
      return code;
    } catch {
      throw fail(badFile(`submissions/${id}/files.zip`));
    }
  }

  async function importArchive(user: AuthUser, bytes: Uint8Array): Promise<CcsArchiveImportResult> {
    let files: ZipEntries;
    try {
      files = await readZipAsync(bytes, { maxEntries: 200_000, maxTotalBytes: 4 * MAX_ARCHIVE_BYTES });
    } catch (err) {
      if (err instanceof ZipError) throw fail(M.NOT_ZIP);
      throw err;
    }
    // A zip of the archive folder: the files may sit under one top folder.
    const top = files.has('contest.json')
      ? ''
      : ([...files.keys()].find((n) => /^[^/]+\/contest\.json$/.test(n))?.replace(/contest\.json$/, '') ??
        '');
    if (top)
      files = new Map(
        [...files].filter(([n]) => n.startsWith(top)).map(([n, b]) => [n.slice(top.length), b]),
      );

    const contest = objectFile(files, 'contest.json');
    const name = str(contest?.formal_name) ?? str(contest?.name);
    const start = parseTime(contest?.start_time);
    const duration = parseRelTime(contest?.duration);
    if (
      !contest ||
      !name ||
      start === null ||
      duration === null ||
      duration <= 0 ||
      duration > MAX_DURATION_MS
    )
      throw fail(M.BAD_CONTEST);
    const freeze =
      contest.scoreboard_freeze_duration == null ? null : parseRelTime(contest.scoreboard_freeze_duration);
    const ext = objectFile(files, EXTENSION_FILE);

    // Problems: by our extension's public id, else a problem whose public id is the archive's id or label.
    const problems = jsonFile(files, 'problems.json', true).filter(isObj);
    if (problems.length === 0) throw fail(M.NO_PROBLEMS);
    const extProblems = new Map(
      listOf(ext?.problems)
        .filter((p) => typeof p.id === 'string' && typeof p.problemId === 'string')
        .map((p) => [
          p.id as string,
          { problemId: p.problemId as string, color: typeof p.color === 'string' ? p.color : null },
        ]),
    );
    const wanted = problems.flatMap((p) => [
      extProblems.get(String(p.id))?.problemId ?? '',
      String(p.id ?? ''),
      String(p.label ?? ''),
    ]);
    const known = await repo.problemsById(d.db, wanted.filter(Boolean));
    const missing: string[] = [];
    const resolved = problems.map((p, i) => {
      const id = String(p.id ?? '');
      const label = str(p.label) ?? id;
      const hit =
        known.get(extProblems.get(id)?.problemId ?? '') ?? known.get(id) ?? known.get(String(p.label ?? ''));
      if (!hit) missing.push(id);
      return {
        id,
        displayId: label,
        displayTitle: str(p.name) ?? label,
        color: extProblems.get(id)?.color ?? str(p.rgb) ?? null,
        hit,
        ordinal: typeof p.ordinal === 'number' ? p.ordinal : i,
      };
    });
    if (missing.length > 0) throw fail(missingProblems(missing));
    if (new Set(resolved.map((p) => p.displayId)).size !== resolved.length)
      throw fail(badFile('problems.json'));
    resolved.sort((a, b) => a.ordinal - b.ordinal);
    const problemOf = new Map(resolved.map((p) => [p.id, p]));

    // Languages: the archive's language ids → our languages' names.
    // By id or a known alias (DOMjudge's short ids, our older `golang`), as the Contest API import reads them.
    const languageNames = await repo.languageNames(d.db);
    const ours = new Map<string, string>();
    for (const s of jsonFile(files, 'submissions.json', false).filter(isObj)) {
      const id = String(s.language_id ?? '');
      const name = languageNameOfId(id, languageNames);
      if (name) ours.set(id, name);
    }
    const submissions = jsonFile(files, 'submissions.json', false).filter(isObj);
    const unknownLangs = [
      ...new Set(submissions.map((s) => String(s.language_id ?? '')).filter((l) => !ours.has(l))),
    ];
    if (unknownLangs.length > 0) throw fail(missingLanguages(unknownLangs));

    // Teams → accounts: the accounts.json username of the team, else our extension's, else its label.
    const teams = jsonFile(files, 'teams.json', false).filter(isObj);
    const accountOf = new Map<string, string>();
    for (const a of jsonFile(files, 'accounts.json', false).filter(isObj))
      if (a.type === 'team' && str(a.team_id) && str(a.username))
        accountOf.set(String(a.team_id), String(a.username));
    for (const t of listOf(ext?.teams))
      if (typeof t.id === 'string' && typeof t.username === 'string' && !accountOf.has(t.id))
        accountOf.set(t.id, t.username);
    const usernameOf = new Map<string, string>();
    for (const t of teams) {
      const id = String(t.id ?? '');
      const u = accountOf.get(id) ?? str(t.label) ?? id;
      if (id && u) usernameOf.set(id, u);
    }
    const starred = teams
      .filter((t) => Array.isArray(t.group_ids) && t.group_ids.includes('unofficial'))
      .map((t) => usernameOf.get(String(t.id)))
      .filter((u): u is string => !!u);

    // Final verdicts: the last judgement of each submission that has a judgement type.
    const types = new Map(
      jsonFile(files, 'judgement-types.json', false)
        .filter(isObj)
        .map((t) => [String(t.id), t]),
    );
    const verdictOf = new Map<string, Obj>();
    for (const j of jsonFile(files, 'judgements.json', false).filter(isObj))
      if (str(j.judgement_type_id) && str(j.submission_id)) verdictOf.set(String(j.submission_id), j);

    const subs: (Omit<repo.NewSubmission, 'cpid' | 'uid'> & { displayId: string; teamId: string })[] = [];
    let skipped = 0;
    for (const s of submissions) {
      const id = String(s.id ?? '');
      const j = verdictOf.get(id);
      const p = problemOf.get(String(s.problem_id ?? ''));
      const teamId = String(s.team_id ?? '');
      const username = usernameOf.get(teamId);
      const at = parseTime(s.time);
      if (!j || !p || !username || at === null) {
        skipped++;
        continue;
      }
      const typeId = String(j.judgement_type_id);
      const end = parseTime(j.end_time) ?? at;
      const runTime = int32(j.max_run_time, 1000);
      subs.push({
        pid: p.hit!.pid,
        displayPid: p.hit!.problemId,
        displayId: p.displayId,
        teamId,
        username,
        submitTime: new Date(at),
        judgedAt: new Date(Math.max(at, end)),
        status: statusOfJudgementType(typeId, types.get(typeId)),
        score: int32(j.score),
        time: runTime,
        code: sourceOf(files, id),
        language: ours.get(String(s.language_id))!,
      });
    }

    // Accounts: existing usernames are reused; the others are created by the batch creation.
    const names = [...new Set(usernameOf.values())];
    let uids = await repo.usersByName(d.db, names);
    const toCreate = names.filter((n) => !uids.has(n));
    if (toCreate.length > 0) {
      const r = await d.accounts.insertBatch(toCreate.map((n) => [n, randomBytes(6).toString('hex')]));
      const refused = r.results.filter((x) => !x.ok).map((x) => x.username);
      if (refused.length > 0) throw fail(accountsRefused(refused));
      uids = await repo.usersByName(d.db, names);
    }
    const oi = contest.scoreboard_type === 'score';
    const c: Obj | null = isObj(ext?.contest) ? ext.contest : null;
    const end = start + duration;
    const cid = await repo.insertContestArchive(
      d.db,
      {
        uid: user.uid,
        author: user.username,
        title: name,
        description: typeof c?.description === 'string' ? c.description : '',
        type: oi ? 1 : 0,
        auth: c?.auth === 1 || c?.auth === 2 ? c.auth : 0,
        // A private or protected contest gets a fresh password (the archive carries none).
        pwd: c?.auth === 1 || c?.auth === 2 ? randomBytes(6).toString('hex') : null,
        startTime: new Date(start),
        endTime: new Date(end),
        sealRank: freeze !== null && freeze > 0,
        sealRankTime: freeze !== null && freeze > 0 ? new Date(end - freeze) : null,
        rankShowName:
          c?.rankShowName === 'realname' || c?.rankShowName === 'nickname' ? c.rankShowName : 'username',
        oiRankScoreType: c?.oiRankScoreType === 'Highest' ? 'Highest' : 'Recent',
        starAccount: Array.isArray(c?.starAccount)
          ? c.starAccount.filter((x) => typeof x === 'string')
          : starred,
        awardType: c?.awardType === 1 || c?.awardType === 2 ? c.awardType : 0,
        awardConfig: awardsOf(c?.awardConfig),
        openRank: c?.openRank === true,
      },
      resolved.map((p) => ({
        pid: p.hit!.pid,
        displayId: p.displayId,
        displayTitle: p.displayTitle,
        color: p.color,
      })),
      names.map((n) => uids.get(n)!),
      subs.map(({ teamId: _t, ...s }) => ({ ...s, uid: uids.get(s.username)! })),
    );
    return {
      cid,
      problems: resolved.length,
      teams: names.length,
      accountsCreated: toCreate.length,
      submissions: subs.length,
      skipped,
    };
  }

  return { exportArchive, importArchive };
}

export type CcsArchiveService = ReturnType<typeof createCcsArchiveService>;
