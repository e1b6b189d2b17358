// Client-side checks of the discussion form and the report dialog (spec part2 §5).
import {
  MAX_DISCUSSION_CONTENT,
  MAX_DISCUSSION_DESCRIPTION,
  MAX_DISCUSSION_TITLE,
  MAX_REPORT_REASON,
} from '@oj/protocol/discussion/posts';

export interface PostForm {
  title: string;
  description: string;
  content: string;
  categoryId: number | null;
  pid: string;
  topPriority: boolean;
}

/** i18n keys (with the field key) of the first problem, or null. */
export function formError(f: PostForm): { key: string; field?: string } | null {
  if (!f.title.trim()) return { key: 'discussionUi.required', field: 'discussionUi.fTitle' };
  if (f.title.length > MAX_DISCUSSION_TITLE) return { key: 'discussionUi.tooLong' };
  // The one-line description is optional: a blank one is taken from the text (issue #26 item 6).
  if (f.description.length > MAX_DISCUSSION_DESCRIPTION) return { key: 'discussionUi.tooLong' };
  if (f.categoryId === null) return { key: 'discussionUi.required', field: 'discussionUi.fCategory' };
  if (!f.content.trim()) return { key: 'discussionUi.required', field: 'discussionUi.fContent' };
  if (f.content.length > MAX_DISCUSSION_CONTENT) return { key: 'discussionUi.contentTooLong' };
  return null;
}

export function reportError(labels: readonly string[], reason: string): string | null {
  if (labels.length === 0 && !reason.trim()) return 'discussionUi.reportEmpty';
  if (reason.length > MAX_REPORT_REASON) return 'discussionUi.reportTooLong';
  return null;
}

/**
 * The description sent with a post: the one typed, else the text's first line without markdown
 * marks, cut to the stored length (the server requires one; issue #26 item 6).
 */
export function descriptionOf(f: Pick<PostForm, 'description' | 'content'>): string {
  if (f.description.trim()) return f.description;
  const line =
    f.content
      .split('\n')
      .map((l) => l.replace(/^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+\.\s+)*/, '').trim())
      .find((l) => l !== '') ?? '';
  return [...line].slice(0, MAX_DISCUSSION_DESCRIPTION).join('');
}
