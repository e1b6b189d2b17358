// Pure readers of the import files (issue #24 item 5): the Contest API's organizations.json,
// teams.json and accounts.json (2023-06 property names), and DOMjudge's teams.tsv and
// accounts.tsv (version 1). Each row becomes a normalised record or a refusal with its reason;
// nothing here touches the database.
import { M } from './messages';

export interface OrgRow {
  id: string;
  name: string;
  formalName: string | null;
  country: string | null;
  icpcId: string | null;
  /** A logo given inline as a data: URI (stored as a blob) … */
  logoData: { mime: string; bytes: Buffer } | null;
  /** … or its href (kept, not fetched). */
  logoHref: string | null;
}

export interface TeamRow {
  id: string;
  name: string;
  displayName: string | null;
  label: string | null;
  icpcId: string | null;
  organizationId: string | null;
  hidden: boolean;
}

export interface AccountRow {
  username: string;
  password: string | null;
  name: string | null;
  type: string;
  teamId: string | null;
}

export type Parsed<T> = { line: number; id: string } & ({ row: T } | { error: string });

/** An org, team or account id: the spec's ID (letters, digits, `_ - .`), at most 64 characters. */
const ID_RE = /^[A-Za-z0-9_.-]{1,64}$/;
const COUNTRY_RE = /^[A-Z]{3}$/;
const MAX_NAME = 200;
/** Inline logos larger than this are refused. */
export const MAX_LOGO_BYTES = 256 * 1024;

function str(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

function idOf(v: unknown): string | null {
  const s = str(v);
  return s && ID_RE.test(s) ? s : null;
}

function tooLong(...values: (string | null)[]): boolean {
  return values.some((v) => v !== null && v.length > MAX_NAME);
}

/** The JSON file's array, or a whole-file refusal. */
export function jsonArray(text: string): unknown[] | { error: string } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { error: M.IMPORT_NOT_JSON };
  }
  return Array.isArray(v) ? v : { error: M.IMPORT_NOT_ARRAY };
}

function objects<T>(
  items: unknown[],
  read: (o: Record<string, unknown>) => { row: T; id: string } | { error: string; id: string },
): Parsed<T>[] {
  return items.map((item, i): Parsed<T> => {
    const line = i + 1;
    if (!item || typeof item !== 'object' || Array.isArray(item))
      return { line, id: '', error: M.ROW_NOT_OBJECT };
    const r = read(item as Record<string, unknown>);
    return 'error' in r ? { line, id: r.id, error: r.error } : { line, id: r.id, row: r.row };
  });
}

function logoOf(v: unknown): Pick<OrgRow, 'logoData' | 'logoHref'> | { error: string } {
  if (v === undefined || v === null) return { logoData: null, logoHref: null };
  if (!Array.isArray(v)) return { error: M.ROW_BAD_LOGO };
  // The spec gives a FILE array (sizes of one logo); the first with an href is taken.
  const file = v.find(
    (f) => f && typeof f === 'object' && typeof (f as { href?: unknown }).href === 'string',
  ) as { href: string; mime?: unknown } | undefined;
  if (!file) return { logoData: null, logoHref: null };
  const m = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(file.href);
  if (m) {
    const bytes = Buffer.from(m[2]!, 'base64');
    if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES) return { error: M.ROW_BAD_LOGO };
    return { logoData: { mime: m[1]!.toLowerCase(), bytes }, logoHref: null };
  }
  if (/^https?:\/\//i.test(file.href) && file.href.length <= 2048)
    return { logoData: null, logoHref: file.href };
  // A relative href (a package's own file) cannot be followed from an uploaded file.
  return { logoData: null, logoHref: null };
}

export function readOrganizationsJson(text: string): Parsed<OrgRow>[] | { error: string } {
  const items = jsonArray(text);
  if (!Array.isArray(items)) return items;
  return objects<OrgRow>(items, (o) => {
    const id = idOf(o.id);
    const raw = str(o.id) ?? '';
    if (!id) return { id: raw, error: M.ROW_BAD_ID };
    const name = str(o.name);
    if (!name) return { id, error: M.ROW_NO_NAME };
    const formalName = str(o.formal_name);
    if (tooLong(name, formalName)) return { id, error: M.ROW_NAME_LONG };
    const country = str(o.country);
    if (country && !COUNTRY_RE.test(country)) return { id, error: M.ROW_BAD_COUNTRY };
    const logo = logoOf(o.logo);
    if ('error' in logo) return { id, error: logo.error };
    return { id, row: { id, name, formalName, country, icpcId: str(o.icpc_id), ...logo } };
  });
}

export function readTeamsJson(text: string): Parsed<TeamRow>[] | { error: string } {
  const items = jsonArray(text);
  if (!Array.isArray(items)) return items;
  return objects<TeamRow>(items, (o) => {
    const id = idOf(o.id);
    if (!id) return { id: str(o.id) ?? '', error: M.ROW_BAD_ID };
    const name = str(o.name);
    if (!name) return { id, error: M.ROW_NO_NAME };
    const displayName = str(o.display_name);
    if (tooLong(name, displayName)) return { id, error: M.ROW_NAME_LONG };
    let organizationId: string | null = null;
    if (o.organization_id !== undefined && o.organization_id !== null) {
      organizationId = idOf(o.organization_id);
      if (!organizationId) return { id, error: M.ROW_BAD_ORG };
    }
    if (o.hidden !== undefined && o.hidden !== null && typeof o.hidden !== 'boolean')
      return { id, error: M.ROW_BAD_HIDDEN };
    return {
      id,
      row: {
        id,
        name,
        displayName,
        label: str(o.label),
        icpcId: str(o.icpc_id),
        organizationId,
        hidden: o.hidden === true,
      },
    };
  });
}

export function readAccountsJson(text: string): Parsed<AccountRow>[] | { error: string } {
  const items = jsonArray(text);
  if (!Array.isArray(items)) return items;
  return objects<AccountRow>(items, (o) => {
    const username = str(o.username);
    if (!username) return { id: str(o.id) ?? '', error: M.ROW_NO_USERNAME };
    const type = str(o.type) ?? '';
    let teamId: string | null = null;
    if (o.team_id !== undefined && o.team_id !== null) {
      teamId = idOf(o.team_id);
      if (!teamId) return { id: username, error: M.ROW_BAD_TEAM };
    }
    const password = typeof o.password === 'string' && o.password !== '' ? o.password : null;
    return { id: username, row: { username, password, name: str(o.name), type, teamId } };
  });
}

/** TSV lines after the `<kind>\t1` (or `File_Version\t1`) header; numbered as in the file. */
function tsvLines(text: string, kind: string): { line: number; cells: string[] }[] | { error: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const head = (lines[0] ?? '').trim().split('\t');
  const v = head[1]?.trim();
  if (
    !head[0] ||
    !new RegExp(`^(${kind}|File_Version)$`, 'i').test(head[0].trim()) ||
    (v !== '1' && v !== '2')
  )
    return { error: M.TSV_HEADER };
  const out: { line: number; cells: string[] }[] = [];
  lines.slice(1).forEach((l, i) => {
    if (l.trim() === '') return;
    out.push({ line: i + 2, cells: l.split('\t').map((c) => c.trim()) });
  });
  return out;
}

/** teams.tsv also names each team's affiliation: the organisations it brings. */
export interface TeamTsvRow {
  team: TeamRow;
  org: OrgRow | null;
}

/**
 * DOMjudge teams.tsv: team number, external id, category id, team name, institution name,
 * institution short name, country code (alpha-3), institution external id.
 */
export function readTeamsTsv(text: string): Parsed<TeamTsvRow>[] | { error: string } {
  const lines = tsvLines(text, 'teams');
  if (!Array.isArray(lines)) return lines;
  return lines.map(({ line, cells }) => {
    const [num, ext, , name, instName, instShort, country, instExt] = cells;
    const id = idOf(num);
    if (!id) return { line, id: num ?? '', error: M.ROW_BAD_ID };
    if (!name) return { line, id, error: M.ROW_NO_NAME };
    if (tooLong(name, instName ?? null)) return { line, id, error: M.ROW_NAME_LONG };
    let org: OrgRow | null = null;
    const orgId = instExt || instShort;
    if (orgId || instName) {
      const oid = idOf(orgId || instName);
      if (!oid) return { line, id, error: M.ROW_BAD_ORG };
      const c = country?.trim() || null;
      if (c && !COUNTRY_RE.test(c)) return { line, id, error: M.ROW_BAD_COUNTRY };
      org = {
        id: oid,
        name: instShort || instName || oid,
        formalName: instName || null,
        country: c,
        icpcId: null,
        logoData: null,
        logoHref: null,
      };
    }
    return {
      line,
      id,
      row: {
        team: {
          id,
          name,
          displayName: null,
          label: id,
          icpcId: ext || null,
          organizationId: org?.id ?? null,
          hidden: false,
        },
        org,
      },
    };
  });
}

/** A team account's team from its DOMjudge-style username (team001, team-1 → "1"). */
export function teamIdFromUsername(username: string): string | null {
  const m = /^team-?0*(\d+)$/i.exec(username);
  return m ? m[1]! : null;
}

/** DOMjudge accounts.tsv: type, full name, username, password (then an optional IP, ignored). */
export function readAccountsTsv(text: string): Parsed<AccountRow>[] | { error: string } {
  const lines = tsvLines(text, 'accounts');
  if (!Array.isArray(lines)) return lines;
  return lines.map(({ line, cells }) => {
    const [type, fullName, username, password] = cells;
    if (!username) return { line, id: '', error: M.ROW_NO_USERNAME };
    return {
      line,
      id: username,
      row: {
        username,
        password: password || null,
        name: fullName || null,
        type: (type ?? '').toLowerCase(),
        teamId: type?.toLowerCase() === 'team' ? teamIdFromUsername(username) : null,
      },
    };
  });
}
