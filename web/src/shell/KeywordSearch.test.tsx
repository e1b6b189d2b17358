// @vitest-environment jsdom
// The search box: starts with the keyword in force, follows it when it changes (back/forward),
// and applies the trimmed text on Enter only.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeywordSearch } from './KeywordSearch';

afterEach(cleanup);

describe('KeywordSearch', () => {
  it('starts with the keyword in force, follows it, and submits the trimmed text on Enter', () => {
    const onSearch = vi.fn();
    const { rerender } = render(
      <KeywordSearch placeholder="kw" testId="kw" value="abc" onSearch={onSearch} />,
    );
    const box = screen.getByTestId('kw') as HTMLInputElement;
    expect(box.value).toBe('abc');
    fireEvent.change(box, { target: { value: '  sum  ' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.submit(box.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith('sum');
    rerender(<KeywordSearch placeholder="kw" testId="kw" value="other" onSearch={onSearch} />);
    expect(box.value).toBe('other');
  });

  it('starts empty without a keyword in force', () => {
    render(<KeywordSearch placeholder="kw" testId="kw" onSearch={() => undefined} />);
    expect((screen.getByTestId('kw') as HTMLInputElement).value).toBe('');
  });
});
