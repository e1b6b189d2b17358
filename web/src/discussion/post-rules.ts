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
  if (!f.description.trim()) return { key: 'discussionUi.required', field: 'discussionUi.fDescription' };
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
