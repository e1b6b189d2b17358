import { describe, expect, it } from 'vitest';
import {
  applyErrors,
  EMPTY_GROUP_FORM,
  groupFormErrors,
  groupListQueryString,
  nicknameIntent,
  parseGroupListQuery,
  truncateName,
} from './rules';

describe('group form rules (spec §5)', () => {
  it('requires every field with its length range, and a 6-character code unless public', () => {
    expect(Object.keys(groupFormErrors(EMPTY_GROUP_FORM)).sort()).toEqual([
      'brief',
      'description',
      'name',
      'shortName',
    ]);
    const ok = {
      ...EMPTY_GROUP_FORM,
      name: 'Alpha team',
      shortName: 'alpha',
      brief: 'brief text',
      description: 'about us',
    };
    expect(groupFormErrors(ok)).toEqual({});
    expect(groupFormErrors({ ...ok, name: 'abcd' }).name).toEqual({ key: 'lengthBetween', min: 5, max: 25 });
    expect(groupFormErrors({ ...ok, shortName: 'abcdefghijk' }).shortName).toEqual({
      key: 'lengthBetween',
      min: 5,
      max: 10,
    });
    expect(groupFormErrors({ ...ok, auth: 2, code: '123' }).code).toEqual({ key: 'codeLength' });
    expect(groupFormErrors({ ...ok, auth: 3, code: '123456' })).toEqual({});
  });
  it('checks an application: reason 5..100 unless public, code 6 for private groups', () => {
    expect(applyErrors(1, '', '')).toEqual({});
    expect(applyErrors(2, '', 'hey')).toEqual({ reason: { key: 'lengthBetween', min: 5, max: 100 } });
    expect(applyErrors(3, '12', 'a good reason')).toEqual({ code: { key: 'codeLength' } });
    expect(applyErrors(3, '123456', 'a good reason')).toEqual({});
  });
});

describe('group list query', () => {
  it('reads and writes the query, falling back to the default size 15 and known sizes only', () => {
    expect(parseGroupListQuery('')).toEqual({
      keyword: '',
      auth: 0,
      onlyMine: false,
      currentPage: 1,
      limit: 15,
    });
    const q = parseGroupListQuery('keyword=ab&auth=3&onlyMine=true&currentPage=2&limit=60');
    expect(q).toEqual({ keyword: 'ab', auth: 3, onlyMine: true, currentPage: 2, limit: 60 });
    expect(parseGroupListQuery('limit=17&auth=9').limit).toBe(15);
    expect(groupListQueryString(q)).toBe('?keyword=ab&auth=3&onlyMine=true&currentPage=2&limit=60');
    expect(groupListQueryString(parseGroupListQuery(''))).toBe('');
  });
});

describe('display rules', () => {
  it('truncates names past 26 width units, wide characters counting double', () => {
    expect(truncateName('a'.repeat(26))).toBe('a'.repeat(26));
    expect(truncateName('a'.repeat(27))).toBe(`${'a'.repeat(26)}…`);
    expect(truncateName('团'.repeat(14))).toBe(`${'团'.repeat(13)}…`);
  });
  it('picks the nickname style by length modulo 5', () => {
    expect(nicknameIntent('abcde')).toBe('primary');
    expect(nicknameIntent('ab')).toBe('warning');
  });
});

describe('group avatar rules', () => {
  it('accepts the six image types up to 2 MB', async () => {
    const { avatarFileError } = await import('./rules');
    expect(avatarFileError('a.PNG', 10)).toBeNull();
    expect(avatarFileError('a.svg', 10)).toBe('fileTypeNotSupport');
    expect(avatarFileError('a.webp', 2 * 1024 * 1024 + 1)).toBe('exceedMaxSize');
  });
  it('crops a square inside the image, centred by default, smaller when zoomed', async () => {
    const { cropSquare } = await import('./rules');
    expect(cropSquare(400, 200, 1, 0.5, 0.5)).toEqual({ sx: 100, sy: 0, side: 200 });
    expect(cropSquare(400, 200, 2, 0, 1)).toEqual({ sx: 0, sy: 100, side: 100 });
    expect(cropSquare(400, 200, 0.5, 2, -1)).toEqual({ sx: 200, sy: 0, side: 200 });
  });
});
