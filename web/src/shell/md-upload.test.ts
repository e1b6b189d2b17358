import { describe, expect, it } from 'vitest';
import { extensionOf, insertAt, isMarkdownImage, markdownLink } from './md-upload';

describe('markdown upload rules', () => {
  it('sends pictures of the accepted types to the image endpoint, the rest as files', () => {
    expect(isMarkdownImage({ name: 'a.PNG', type: 'image/png' })).toBe(true);
    expect(isMarkdownImage({ name: 'a.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isMarkdownImage({ name: 'a.png', type: 'application/octet-stream' })).toBe(false);
    expect(isMarkdownImage({ name: 'notes.pdf', type: 'application/pdf' })).toBe(false);
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
  });

  it('writes an image or a link, keeping brackets out of the label', () => {
    expect(markdownLink('x[1].png', '/api/public/img/md/a.png', true)).toBe(
      '![x1.png](/api/public/img/md/a.png)',
    );
    expect(markdownLink('n.pdf', '/api/public/file/md/b.pdf', false)).toBe(
      '[n.pdf](/api/public/file/md/b.pdf)',
    );
  });

  it('inserts at the selection and moves the caret after the text', () => {
    expect(insertAt('abcdef', 2, 4, 'XY')).toEqual({ value: 'abXYef', caret: 4 });
    expect(insertAt('', 0, 0, 'z')).toEqual({ value: 'z', caret: 1 });
  });
});
