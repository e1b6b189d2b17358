// Every wire text of the contest archive has its English twin, the patterned ones included.
import { describe, expect, it } from 'vitest';
import { translateMessage } from '../../platform/http/message-catalog';
import './messages.en';
import { M, accountsRefused, badFile, missingLanguages, missingProblems } from './messages';

const CJK = /[\u4e00-\u9fff]/;

describe('contest archive messages', () => {
  it('have English twins without Chinese characters', () => {
    const all = [
      ...Object.values(M),
      missingProblems(['A', 'B']),
      missingLanguages(['kotlin']),
      badFile('teams.json'),
      accountsRefused(['t1']),
    ];
    for (const zh of all) expect(translateMessage(zh, 'en-US'), zh).not.toMatch(CJK);
    expect(translateMessage(missingProblems(['A', 'B']), 'en-US')).toBe(
      'These problems do not exist here; import them first: A, B',
    );
    expect(translateMessage(M.NOT_ZIP, 'zh-CN')).toBe(M.NOT_ZIP);
  });
});
