// A problem's difficulty as a coloured tag (problem list, statement, trainings).
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export const DIFFICULTY_KEYS = ['problem.easy', 'problem.mid', 'problem.hard'] as const;
const DIFFICULTY_INTENTS = ['success', 'warning', 'danger'] as const;

export function DifficultyTag({ difficulty }: { difficulty: number }) {
  const { t } = useTranslation();
  const key = DIFFICULTY_KEYS[difficulty];
  if (!key) return null;
  return <Tag intent={DIFFICULTY_INTENTS[difficulty]}>{t(key)}</Tag>;
}
