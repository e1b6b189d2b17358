// The site's seeded texts (services/src/site/seed.ts) are bilingual on the wire; while an admin
// has not replaced them, the client shows the interface language's own version (issue #16).
import type { TFunction } from 'i18next';

export const SEEDED_DESCRIPTION =
  '在线评测系统 · An online judge for programming practice, contests and trainings.';
export const SEEDED_WELCOME_TITLE = '欢迎来到 Online Judge！ Welcome!';
const SEEDED_WELCOME_START = '欢迎使用本在线评测系统：';

/** The site description to show. */
export function siteDescription(description: string | null, t: TFunction): string | null {
  return description === SEEDED_DESCRIPTION ? t('home.seeded.description') : description;
}

/** An announcement's title and content to show. */
export function announcementText<A extends { title: string; content: string }>(a: A, t: TFunction): A {
  if (a.title !== SEEDED_WELCOME_TITLE || !a.content.startsWith(SEEDED_WELCOME_START)) return a;
  return { ...a, title: t('home.seeded.welcomeTitle'), content: t('home.seeded.welcomeContent') };
}
