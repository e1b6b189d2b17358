// The user manager (reference §4.2): list, edit (role with the authority-change notice, status,
// password with token invalidation, e-mail uniqueness), delete, batch insert, generate.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Bus } from '@oj/protocol/bus';
import { makePage, MAX_PAGE_SIZE, Role, ROLE_NAMES, toDateStr, type RoleId } from '@oj/protocol';
import type {
  BatchRowResult,
  EditUserBody,
  GenerateUserBody,
  UserListQuery,
  UserRolesVO,
} from '@oj/protocol/admin/schemas';
import type { Database } from '../platform/db/schema';
import type { NoticePort } from '../platform/shared-ports';
import { fail } from '../platform/http/errors';
import { hashPassword, revokeUserSessions } from '../account';
import { hashGeneratedPassword } from '../account/passwords';
import { newUid } from '../account/passport-service';
import { passwordPool, type PasswordPool } from '../account/password-workers';
import { writeXlsx } from '../contest/xlsx';
import * as repo from './repository';
import { M } from './messages';
import {
  editUserProblem,
  generatedNames,
  generatedPasswordBits,
  GENERATED_MIN_LENGTH,
  MAX_GENERATED,
  parseBatchRow,
  passwordFrom,
  type BatchUser,
} from './rules';

export interface UsersDeps {
  db: Kysely<Database>;
  bus: Bus;
  notices: NoticePort;
  now: () => Date;
  /** Where batch passwords are hashed (default: the process's worker-thread pool, one per core). */
  hasher?: PasswordPool;
  /** Rows per transaction of a batch insert (default INSERT_CHUNK). */
  insertChunk?: number;
}

/** Rows written per transaction by a batch insert (a clash redoes only its chunk row by row). */
const INSERT_CHUNK = 500;

const GENERATED_TTL_MS = 30 * 60_000;

const roleVO = (id: number, at: Date | null) => ({
  id,
  role: ROLE_NAMES[id as RoleId] ?? String(id),
  description: ROLE_NAMES[id as RoleId] ?? String(id),
  status: 0,
  gmtCreate: toDateStr(at),
  gmtModified: toDateStr(at),
});

export function createUsersService(d: UsersDeps) {
  const hasher = () => d.hasher ?? passwordPool();
  const chunkSize = d.insertChunk ?? INSERT_CHUNK;

  /** Every password goes to the pool at once (it hashes one per core); results in input order. */
  function hashAll(passwords: readonly string[]): Promise<string>[] {
    const pool = hasher();
    // The batch line: sign-ins waiting for the same workers go first.
    const out = passwords.map((p) => pool.hash(p, 'batch'));
    // A failure is awaited (and thrown) where its chunk is written; none goes unhandled meanwhile.
    for (const h of out) h.catch(() => undefined);
    return out;
  }

  async function list(q: UserListQuery) {
    const page = Math.max(1, q.currentPage ?? 1);
    const limit = Math.min(MAX_PAGE_SIZE, q.limit && q.limit > 0 ? q.limit : 10);
    const r = await repo.userPage(d.db, {
      page,
      limit,
      onlyAdmin: q.onlyAdmin ?? false,
      keyword: (q.keyword ?? '').trim(),
    });
    const records: UserRolesVO[] = r.rows.map((u) => ({
      uid: u.uid,
      username: u.username,
      password: null,
      nickname: u.nickname,
      school: u.school,
      course: u.course,
      number: u.number,
      gender: u.gender,
      realname: u.realname,
      cfUsername: u.cf_username,
      github: u.github,
      blog: u.blog,
      email: u.email,
      avatar: u.avatar,
      titleName: u.title_name,
      titleColor: u.title_color,
      signature: u.signature,
      status: u.status,
      gmtCreate: toDateStr(u.gmt_create),
      gmtModified: toDateStr(u.gmt_modified),
      roles: r.roles.filter((x) => x.uid === u.uid).map((x) => roleVO(x.role_id, x.gmt_create)),
    }));
    return makePage(records, r.total, limit, page);
  }

  async function edit(body: EditUserBody, by: { uid: string }) {
    const problem = editUserProblem(body);
    if (problem) throw fail(problem);
    if (!(body.type in ROLE_NAMES)) throw fail(M.UNKNOWN_ROLE);
    const user = await repo.findUser(d.db, body.uid);
    if (!user) throw fail(M.USER_MISSING);
    const email = (body.email ?? '').trim() || null;
    if (email) {
      const owner = await repo.uidOfEmail(d.db, email);
      if (owner && owner !== body.uid) throw fail(M.EMAIL_TAKEN);
    }
    const username = body.username.trim() || user.username;
    const nameOwner = await repo.uidOfUsername(d.db, username);
    if (nameOwner && nameOwner !== body.uid) throw fail(M.USERNAME_TAKEN);
    const before = await repo.rolesOf(d.db, body.uid);
    const roleChanged = !(before.length === 1 && before[0] === body.type);
    const newPassword = body.setNewPwd && (body.password ?? '') !== '' ? body.password! : null;
    await repo.applyUserEdit(
      d.db,
      body.uid,
      {
        username,
        realname: body.realname ?? null,
        email,
        titleName: body.titleName ?? null,
        titleColor: body.titleColor ?? null,
        status: body.status === 1 ? 1 : 0,
        passwordHash: newPassword ? await hashPassword(newPassword) : null,
        roleId: roleChanged ? body.type : null,
      },
      d.now(),
    );
    // A new password or a ban ends every session of the user; a role change is read per request.
    if (newPassword || (body.status === 1 && user.status !== 1))
      await revokeUserSessions(d.db, d.bus, body.uid);
    if (roleChanged) {
      const from = before.map((r) => ROLE_NAMES[r as RoleId] ?? String(r)).join(', ') || '-';
      await d.notices
        .notify({
          toUids: [body.uid],
          title: M.AUTHORITY_CHANGE_TITLE,
          content: M.authorityChange(from, ROLE_NAMES[body.type as RoleId]),
          kind: 'Sys',
          fromUid: by.uid,
        })
        .catch(() => undefined);
    }
  }

  async function remove(ids: readonly string[], by: { uid: string }) {
    // Nobody deletes their own account from here (it would end the admin's session mid-call).
    const targets = ids.filter((id) => id !== by.uid);
    if (!targets.length) throw fail(M.DELETE_FAILED);
    const n = await repo.deleteUsers(d.db, targets);
    if (n === 0) throw fail(M.DELETE_FAILED);
    for (const uid of targets) await revokeUserSessions(d.db, d.bus, uid);
  }

  /** Each row on its own: a bad or taken row fails alone and the others are created. */
  async function insertBatch(rows: readonly (readonly (string | null)[])[]): Promise<{
    results: BatchRowResult[];
    failed: string[];
  }> {
    const results: BatchRowResult[] = [];
    const candidates: { row: number; user: BatchUser }[] = [];
    const seen = new Set<string>();
    const seenEmail = new Set<string>();
    rows.forEach((cells, row) => {
      const parsed = parseBatchRow(cells);
      const username = (cells[0] ?? '').trim();
      if ('error' in parsed) return results.push({ row, username, ok: false, reason: parsed.error });
      if (seen.has(parsed.user.username))
        return results.push({ row, username, ok: false, reason: M.ROW_REPEATED });
      if (parsed.user.email && seenEmail.has(parsed.user.email))
        return results.push({ row, username, ok: false, reason: M.ROW_EMAIL_REPEATED });
      seen.add(parsed.user.username);
      if (parsed.user.email) seenEmail.add(parsed.user.email);
      candidates.push({ row, user: parsed.user });
    });
    const taken = await repo.takenNames(
      d.db,
      candidates.map((c) => c.user.username),
    );
    const takenMail = await repo.takenEmails(
      d.db,
      candidates.flatMap((c) => (c.user.email ? [c.user.email] : [])),
    );
    const fresh = candidates.filter((c) => {
      if (taken.has(c.user.username)) {
        results.push({ row: c.row, username: c.user.username, ok: false, reason: M.ROW_DUPLICATE });
        return false;
      }
      if (c.user.email && takenMail.has(c.user.email)) {
        results.push({ row: c.row, username: c.user.username, ok: false, reason: M.ROW_EMAIL });
        return false;
      }
      return true;
    });
    const hashes = hashAll(fresh.map((c) => c.user.password));
    // Written as the hashes come in, chunkSize rows per transaction.
    for (let at = 0; at < fresh.length; at += chunkSize) {
      const chunk = fresh.slice(at, at + chunkSize);
      const hashed = await Promise.all(hashes.slice(at, at + chunkSize));
      const news = chunk.map((c, i) => ({
        uid: newUid(),
        username: c.user.username,
        passwordHash: hashed[i]!,
        email: c.user.email,
        realname: c.user.realname,
        gender: c.user.gender,
        nickname: c.user.nickname,
        school: c.user.school,
      }));
      try {
        await repo.insertUsers(d.db, news, Role.DEFAULT_USER);
        chunk.forEach((c) => results.push({ row: c.row, username: c.user.username, ok: true, reason: null }));
      } catch {
        // A concurrent write took a name: this chunk falls back to one row at a time.
        for (const [i, c] of chunk.entries()) {
          try {
            await repo.insertUsers(d.db, [news[i]!], Role.DEFAULT_USER);
            results.push({ row: c.row, username: c.user.username, ok: true, reason: null });
          } catch {
            results.push({ row: c.row, username: c.user.username, ok: false, reason: M.ROW_DUPLICATE });
          }
        }
      }
    }
    results.sort((a, b) => a.row - b.row);
    return { results, failed: results.filter((r) => !r.ok).map((r) => r.username) };
  }

  async function generate(b: GenerateUserBody): Promise<{ key: string }> {
    const from = b.number_from ?? 1;
    const to = b.number_to ?? 10;
    // At least GENERATED_MIN_LENGTH (19 of 36 characters: ≥ 96 random bits) whatever was asked.
    const length = Math.min(25, Math.max(GENERATED_MIN_LENGTH, b.password_length ?? 6));
    if (to < from || to - from + 1 > MAX_GENERATED) throw fail(M.GENERATE_RANGE);
    const names = generatedNames(b.prefix ?? '', b.suffix ?? '', from, to);
    if (names.some((n) => n.length > 20)) throw fail(M.USERNAME_LONG);
    if ((await repo.takenNames(d.db, names)).size) throw fail(M.GENERATE_FAILED);
    const rows = names.map((username) => ({ username, password: passwordFrom(randomBytes, length) }));
    // ≥ 96 random bits made here: the fast keyed hash, upgraded to argon2id at the first sign-in.
    const bits = generatedPasswordBits(length);
    const hashes = await Promise.all(
      rows.map((r) => hashGeneratedPassword(r.password, bits) ?? hasher().hash(r.password, 'batch')),
    );
    try {
      await repo.insertUsers(
        d.db,
        rows.map((r, i) => ({
          uid: newUid(),
          username: r.username,
          passwordHash: hashes[i]!,
          email: null,
          realname: null,
          gender: null,
          nickname: null,
          school: null,
        })),
        Role.DEFAULT_USER,
      );
    } catch {
      throw fail(M.GENERATE_FAILED);
    }
    const key = randomBytes(16).toString('hex');
    await repo.saveGenerated(d.db, key, rows, new Date(d.now().getTime() + GENERATED_TTL_MS));
    return { key };
  }

  /** The generated accounts as a spreadsheet (an unknown or expired key: an empty sheet). */
  async function generatedXlsx(key: string): Promise<Uint8Array> {
    const rows = await repo.readGenerated(d.db, key, d.now());
    return writeXlsx('用户数据', [['用户名', '密码'], ...rows.map((r) => [r.username, r.password])]);
  }

  return { list, edit, remove, insertBatch, generate, generatedXlsx };
}
export type UsersService = ReturnType<typeof createUsersService>;
