import { describe, expect, it } from 'vitest';
import { formError, reportError, type PostForm } from './post-rules';

const ok: PostForm = {
  title: 't',
  description: 'd',
  content: 'c',
  categoryId: 1,
  pid: '',
  topPriority: false,
};

describe('discussion form rules', () => {
  it('asks for each required field in order, then bounds', () => {
    expect(formError(ok)).toBeNull();
    expect(formError({ ...ok, title: ' ' })).toEqual({
      key: 'discussionUi.required',
      field: 'discussionUi.fTitle',
    });
    expect(formError({ ...ok, title: 'x'.repeat(256) })).toEqual({ key: 'discussionUi.tooLong' });
    // the description is optional: a blank one is taken from the text (issue #26 item 6)
    expect(formError({ ...ok, description: '' })).toBeNull();
    expect(formError({ ...ok, categoryId: null })?.field).toBe('discussionUi.fCategory');
    expect(formError({ ...ok, content: '' })?.field).toBe('discussionUi.fContent');
    expect(formError({ ...ok, content: 'x'.repeat(65536) })).toEqual({ key: 'discussionUi.contentTooLong' });
  });
  it('a report needs a label or a reason of at most 200 characters', () => {
    expect(reportError([], ' ')).toBe('discussionUi.reportEmpty');
    expect(reportError(['spam'], '')).toBeNull();
    expect(reportError([], 'why')).toBeNull();
    expect(reportError([], 'x'.repeat(201))).toBe('discussionUi.reportTooLong');
  });
});
