// The import file readers (issue #24 item 5): the spec's JSON files and DOMjudge's TSV files.
import { describe, expect, it } from 'vitest';
import {
  readAccountsJson,
  readAccountsTsv,
  readOrganizationsJson,
  readTeamsJson,
  readTeamsTsv,
  teamIdFromUsername,
} from './parse';
import { M } from './messages';

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('organizations.json', () => {
  it('reads the 2023-06 properties and refuses bad rows with their reason', () => {
    const r = readOrganizationsJson(
      JSON.stringify([
        {
          id: 'inst-1',
          icpc_id: '433',
          name: 'Alpha U',
          formal_name: 'Alpha University',
          country: 'NLD',
          logo: [{ href: `data:image/png;base64,${PNG_1PX}`, mime: 'image/png', width: 1, height: 1 }],
        },
        { id: 'inst-2', name: 'Beta', logo: [{ href: 'https://example.org/beta.png', mime: 'image/png' }] },
        { id: 'bad id', name: 'x' },
        { id: 'inst-3', name: '' },
        { id: 'inst-4', name: 'Gamma', country: 'nl' },
        'text',
      ]),
    );
    if (!Array.isArray(r)) throw new Error(r.error);
    const first = r[0]!;
    if (!('row' in first)) throw new Error('row expected');
    expect(first.row).toMatchObject({
      id: 'inst-1',
      name: 'Alpha U',
      formalName: 'Alpha University',
      country: 'NLD',
      icpcId: '433',
    });
    expect(first.row.logoData?.mime).toBe('image/png');
    expect(r[1]).toMatchObject({ row: { logoHref: 'https://example.org/beta.png', logoData: null } });
    expect(r.slice(2).map((x) => ('error' in x ? [x.line, x.error] : x.line))).toEqual([
      [3, M.ROW_BAD_ID],
      [4, M.ROW_NO_NAME],
      [5, M.ROW_BAD_COUNTRY],
      [6, M.ROW_NOT_OBJECT],
    ]);
  });

  it('refuses a file that is not a JSON array', () => {
    expect(readOrganizationsJson('{')).toEqual({ error: M.IMPORT_NOT_JSON });
    expect(readOrganizationsJson('{"id":"a"}')).toEqual({ error: M.IMPORT_NOT_ARRAY });
  });
});

describe('teams.json and accounts.json', () => {
  it('reads teams with organisation, label and hidden flag', () => {
    const r = readTeamsJson(
      JSON.stringify([
        {
          id: 't1',
          name: 'One',
          display_name: 'Team One',
          label: '101',
          organization_id: 'inst-1',
          hidden: false,
        },
        { id: 't2', name: 'Two', hidden: 'yes' },
        { id: 42, name: 'Numeric id' },
      ]),
    );
    if (!Array.isArray(r)) throw new Error(r.error);
    expect(r[0]).toMatchObject({
      row: { id: 't1', displayName: 'Team One', label: '101', organizationId: 'inst-1' },
    });
    expect(r[1]).toMatchObject({ error: M.ROW_BAD_HIDDEN });
    expect(r[2]).toMatchObject({ row: { id: '42' } });
  });

  it('reads accounts with their type, team and optional password', () => {
    const r = readAccountsJson(
      JSON.stringify([
        { id: 'a1', username: 'team1', password: 'secret1', type: 'team', team_id: 't1', name: 'Team one' },
        { id: 'a2', username: 'judge1', type: 'judge' },
        { id: 'a3', type: 'team' },
      ]),
    );
    if (!Array.isArray(r)) throw new Error(r.error);
    expect(r[0]).toMatchObject({ id: 'team1', row: { password: 'secret1', type: 'team', teamId: 't1' } });
    expect(r[1]).toMatchObject({ row: { password: null, type: 'judge', teamId: null } });
    expect(r[2]).toMatchObject({ error: M.ROW_NO_USERNAME });
  });
});

describe('DOMjudge TSV', () => {
  it('teams.tsv: teams with the organisations of their affiliation columns', () => {
    const r = readTeamsTsv(
      [
        'teams\t1',
        '1\t447047\t3\tHello World\tUniversity of Alpha\tAlpha\tNLD\tinst-1',
        '',
        '2\t\t3\tNo school',
        '3\t\t3\t',
        '4\t\t3\tBad country\tBeta U\tBeta\tNetherlands\tinst-2',
      ].join('\n'),
    );
    if (!Array.isArray(r)) throw new Error(r.error);
    expect(r[0]).toMatchObject({
      line: 2,
      row: {
        team: { id: '1', name: 'Hello World', icpcId: '447047', organizationId: 'inst-1' },
        org: { id: 'inst-1', name: 'Alpha', formalName: 'University of Alpha', country: 'NLD' },
      },
    });
    expect(r[1]).toMatchObject({ line: 4, row: { team: { id: '2', organizationId: null }, org: null } });
    expect(r[2]).toMatchObject({ line: 5, error: M.ROW_NO_NAME });
    expect(r[3]).toMatchObject({ line: 6, error: M.ROW_BAD_COUNTRY });
  });

  it('accounts.tsv: team accounts find their team by the username', () => {
    const r = readAccountsTsv(
      [
        'accounts\t1',
        'team\tHello World\tteam001\tpass1234',
        'judge\tJudge\tjudge1\tsecret99',
        'team\tX\tfoo\tpw123456',
      ].join('\r\n'),
    );
    if (!Array.isArray(r)) throw new Error(r.error);
    expect(r.map((x) => ('row' in x ? [x.row.type, x.row.username, x.row.teamId] : x.error))).toEqual([
      ['team', 'team001', '1'],
      ['judge', 'judge1', null],
      ['team', 'foo', null],
    ]);
    expect(teamIdFromUsername('team-12')).toBe('12');
  });

  it('refuses a TSV file without its header line', () => {
    expect(readTeamsTsv('1\t2\t3\tName')).toEqual({ error: M.TSV_HEADER });
    expect(readAccountsTsv('teams\t1\n')).toEqual({ error: M.TSV_HEADER });
    expect(Array.isArray(readTeamsTsv('File_Version\t1\n'))).toBe(true);
  });
});
