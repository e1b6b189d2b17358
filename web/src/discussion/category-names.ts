// The discussion categories the platform seeds (services migration 0008) keep their Chinese names
// on the wire, as the original sends them. The client shows those five in the interface language,
// keyed by the seeded name; a category an admin renamed or added shows as it is named.
import type { TFunction } from 'i18next';

export const SEEDED_CATEGORIES = {
  闲聊: 'chat',
  题解: 'solution',
  求助: 'help',
  建议: 'suggestion',
  记录: 'record',
  // the home training categories the training capability seeds (issue #26 item 7)
  入门训练: 'beginnerTraining',
  进阶训练: 'advancedTraining',
  专题训练: 'topicTraining',
} as const;

type SeededKey = (typeof SEEDED_CATEGORIES)[keyof typeof SEEDED_CATEGORIES];

/** The name to show for a category as the server names it. */
export function categoryLabel(name: string, t: TFunction): string {
  const key: SeededKey | undefined = (SEEDED_CATEGORIES as Record<string, SeededKey>)[name];
  return key ? t(`discussionUi.seededCategory.${key}`) : name;
}
