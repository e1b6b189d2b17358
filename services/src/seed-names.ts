// The names the platform seeds in Chinese (discussion categories, migration 0008; home training
// categories, training/index.ts) with their English twins (issue #26 item 7). The wire keeps the
// stored name; clients show the twin in the English interface (web: `seededName`).
import { registerEnglish } from './platform/http/message-catalog';

export const SEEDED_NAME_TWINS: Readonly<Record<string, string>> = {
  闲聊: 'Chat',
  题解: 'Solutions',
  求助: 'Help',
  建议: 'Suggestions',
  记录: 'Journal',
  入门训练: 'Beginner training',
  进阶训练: 'Advanced training',
  专题训练: 'Topic training',
};

export const SEEDED_NAMES: readonly string[] = Object.keys(SEEDED_NAME_TWINS);

registerEnglish(SEEDED_NAME_TWINS);
