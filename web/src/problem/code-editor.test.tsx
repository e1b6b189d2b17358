// @vitest-environment jsdom
// The editor's on-demand parts (issue #16): the search panel arrives with the first search key,
// the chosen theme with its own chunk.
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CodeEditor from './CodeEditor';

afterEach(cleanup);

function editor(theme: 'monokai' | 'eclipse' = 'monokai') {
  const onChange = vi.fn();
  const view = render(
    <CodeEditor
      value="int main() {}"
      onChange={onChange}
      language="C++"
      theme={theme}
      fontSize={14}
      tabSize={4}
    />,
  );
  const content = () => view.container.querySelector<HTMLElement>('.cm-content')!;
  return { ...view, content };
}

describe('code editor parts loaded on demand', () => {
  it('opens the search panel on Ctrl+F although the search package was not loaded before', async () => {
    const { container, content } = editor();
    await waitFor(() => expect(content()).toBeTruthy());
    expect(container.querySelector('.cm-search')).toBeNull();
    content().focus();
    fireEvent.keyDown(content(), { key: 'f', code: 'KeyF', keyCode: 70, ctrlKey: true });
    await waitFor(() => expect(container.querySelector('.cm-search')).not.toBeNull());
  });

  it('puts the chosen theme in once its chunk arrives', async () => {
    const { container } = editor('eclipse');
    // a theme adds a generated class of its own to the editor root
    const classes = () => container.querySelector('.cm-editor')!.classList.length;
    const before = classes();
    await waitFor(() => expect(classes()).toBeGreaterThan(before));
  });
});
