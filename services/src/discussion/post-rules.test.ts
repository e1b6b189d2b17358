import { describe, expect, it } from 'vitest';
import { problemTitle, reportContent } from '@oj/protocol/discussion/posts';
import type { AuthUser } from '../platform/http/access';
import { P } from './post-messages';
import {
  discussionUrl,
  keywordId,
  mayDeletePost,
  mayEditPost,
  postEdit,
  postError,
  postRole,
  reportError,
} from './post-rules';

const u = (uid: string, roles: string[] = ['default_user']): AuthUser => ({
  uid,
  username: uid,
  roleIds: [],
  roles,
  permissions: [],
});
const body = { title: 't', description: 'd', content: 'c', categoryId: 1 };

describe('discussion post rules', () => {
  it('validates fields in the reference order with its texts', () => {
    expect(postError(body)).toBeNull();
    expect(postError({ ...body, title: ' ' })).toBe(P.TITLE_EMPTY);
    expect(postError({ ...body, title: 'x'.repeat(256) })).toBe(P.TITLE_LONG);
    expect(postError({ ...body, title: 'x'.repeat(255) })).toBeNull();
    expect(postError({ ...body, description: '' })).toBe(P.DESCRIPTION_EMPTY);
    expect(postError({ ...body, description: 'x'.repeat(256) })).toBe(P.DESCRIPTION_LONG);
    expect(postError({ ...body, content: null })).toBe(P.CONTENT_EMPTY);
    expect(postError({ ...body, content: 'x'.repeat(65536) })).toBe(P.CONTENT_LONG);
    expect(postError({ ...body, categoryId: null })).toBe(P.CATEGORY_EMPTY);
  });

  it('reports need labels or a reason and stay bounded', () => {
    expect(reportError('')).toBe(P.REPORT_EMPTY);
    expect(reportError('   ')).toBe(P.REPORT_EMPTY);
    expect(reportError(reportContent(['spam'], ''))).toBeNull();
    expect(reportContent(['spam', 'abuse'], ' why ')).toBe('#spam #abuse why');
    expect(reportError('x'.repeat(401))).toBe(P.REPORT_LONG);
  });

  it('prefixes problem-scoped titles once', () => {
    expect(problemTitle('1000', 'hint')).toBe('[1000] hint');
    expect(problemTitle('1000', '[1000] hint')).toBe('[1000] hint');
    expect(problemTitle(null, 'hint')).toBe('hint');
  });

  it('edit: author, root, group admin; delete: also site admins on public posts', () => {
    const post = { uid: 'a', gid: null };
    expect(mayEditPost(u('a'), post, false)).toBe(true);
    expect(mayEditPost(u('b', ['admin']), post, false)).toBe(false);
    expect(mayEditPost(u('r', ['root']), post, false)).toBe(true);
    expect(mayDeletePost(u('b', ['admin']), post, false)).toBe(true);
    expect(mayDeletePost(u('b'), post, false)).toBe(false);
    expect(mayDeletePost(u('b', ['admin']), { uid: 'a', gid: 3 }, false)).toBe(false);
    expect(mayDeletePost(u('g'), { uid: 'a', gid: 3 }, true)).toBe(true);
    expect(postRole(u('x', ['problem_admin']))).toBe('admin');
    expect(postRole(u('x', ['root']))).toBe('root');
    expect(postRole(u('x'))).toBe('user');
  });

  it('links and keyword ids', () => {
    expect(discussionUrl(5, null)).toBe('/discussion-detail/5');
    expect(discussionUrl(5, 2)).toBe('/group/2/discussion-detail/5');
    expect(keywordId('42')).toBe(42);
    expect(keywordId('4x')).toBeNull();
  });

  it('an edit writes the prefixed, trimmed title and the texts; only a site admin moves the pin', () => {
    const edit = { ...body, title: '  hint ', topPriority: true };
    expect(postEdit(u('bob'), { pid: '1000' }, edit)).toEqual({
      title: '[1000] hint',
      description: 'd',
      content: 'c',
      categoryId: 1,
    });
    expect(postEdit(u('adm', ['admin']), { pid: null }, edit)).toEqual({
      title: 'hint',
      description: 'd',
      content: 'c',
      categoryId: 1,
      topPriority: true,
    });
    expect(postEdit(u('adm', ['admin']), { pid: null }, body)).not.toHaveProperty('topPriority');
  });
});
