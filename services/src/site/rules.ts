// Small pure rules of the site capability: paging arguments and carousel image files.
import { MAX_PAGE_SIZE } from '@oj/protocol';

/** Paging as the reference does it: absent or < 1 falls back to the default; size capped at 500. */
export function pageArgs(
  currentPage: number | undefined,
  limit: number | undefined,
  defaultLimit: number,
): { current: number; size: number; offset: number } {
  const current = currentPage !== undefined && currentPage >= 1 ? currentPage : 1;
  const size = Math.min(limit !== undefined && limit >= 1 ? limit : defaultLimit, MAX_PAGE_SIZE);
  return { current, size, offset: (current - 1) * size };
}

/** Carousel image types (reference: upload-carouse-img) and the Content-Type each is served with. */
export const CAROUSEL_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** Largest carousel image accepted, in bytes. */
export const CAROUSEL_MAX_BYTES = 10 * 1024 * 1024;

/** The lower-case extension of an acceptable carousel file name, or null. */
export function carouselExtension(filename: string | undefined): string | null {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(filename ?? '');
  const ext = match?.[1]?.toLowerCase();
  return ext && ext in CAROUSEL_TYPES ? ext : null;
}

export const CAROUSEL_URL_PREFIX = '/api/public/img/carousel/';

/** Public URL of a carousel image: content-addressed, so it can be cached forever. */
export const carouselUrl = (hash: string, ext: string) => `${CAROUSEL_URL_PREFIX}${hash}.${ext}`;

/** Parses the file part of a carousel URL back into hash and extension. */
export function parseCarouselFile(file: string): { hash: string; ext: string } | null {
  const match = /^([0-9a-f]{64})\.([a-z0-9]{1,8})$/.exec(file);
  if (!match || !(match[2]! in CAROUSEL_TYPES)) return null;
  return { hash: match[1]!, ext: match[2]! };
}

/**
 * The accepted-problem thresholds that apply (issue #26 item 4): the configured value, but never
 * more than the site's public problems, so a fresh site (4 sample problems, thresholds 10 and 20)
 * does not lock every user out of posting, commenting and creating groups. docs/compat.md M14.
 */
export function effectiveAcNeed(configured: number, publicProblems: number): number {
  return Math.max(0, Math.min(configured, publicProblems));
}

/** The switches with each `…ACInitValue` threshold held to the site's public problems. */
export function withEffectiveAcNeeds<
  S extends {
    defaultCreateDiscussionACInitValue: number;
    defaultCreateCommentACInitValue: number;
    defaultCreateGroupACInitValue: number;
  },
>(switches: S, publicProblems: number): S {
  return {
    ...switches,
    defaultCreateDiscussionACInitValue: effectiveAcNeed(
      switches.defaultCreateDiscussionACInitValue,
      publicProblems,
    ),
    defaultCreateCommentACInitValue: effectiveAcNeed(
      switches.defaultCreateCommentACInitValue,
      publicProblems,
    ),
    defaultCreateGroupACInitValue: effectiveAcNeed(switches.defaultCreateGroupACInitValue, publicProblems),
  };
}
