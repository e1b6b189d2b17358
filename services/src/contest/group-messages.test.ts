// Every wire text of the group contest endpoints has an English twin (the BAN texts through the
// group capability's pattern), and so do the group texts this work added elsewhere.
import { describe, expect, it } from 'vitest';
import '../group/messages';
import { translateMessage } from '../platform/http/message-catalog';
import { PM } from '../group/problem-messages';
import { JudgeMessages } from '../judge/messages';
import '../judge/messages.en';
import { GCM } from './group-messages';

const CJK = /[\u4e00-\u9fff]/;

describe('group contest texts in English', () => {
  it('has a twin for every Chinese text', () => {
    const texts = [
      ...(Object.values(GCM) as unknown[]).filter((v): v is string => typeof v === 'string'),
      GCM.BAN('获取比赛列表失败，'),
      PM.NOT_APPLYING,
      PM.ADD_CONTEST_NO_GID,
      JudgeMessages.GROUP_LIST_DENIED,
    ];
    const missing = texts.filter((zh) => CJK.test(translateMessage(zh, 'en-US')));
    expect(missing).toEqual([]);
    expect(translateMessage(GCM.ADD_NO_GID, 'en-US')).toBe(
      'Adding failed: the group id of the contest is required!',
    );
  });
});
