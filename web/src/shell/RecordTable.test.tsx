// @vitest-environment jsdom
// RecordTable: a spinner on the first load, the empty notice for no records, else the header and
// the rows of the loaded records.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordTable } from './RecordTable';
import type { Loaded } from './useLoad';

afterEach(cleanup);

const loaded = (records: string[] | null, loading = false): Loaded<{ records: string[] }> => ({
  data: records && { records },
  loading,
  failed: false,
  reload: () => undefined,
});

function table(list: Loaded<{ records: string[] }>) {
  return render(
    <RecordTable
      list={list}
      emptyTitle="none"
      emptyTestId="empty"
      head={['Name', 'Len']}
      className="x"
      testId="tbl"
    >
      {(records) =>
        records.map((r) => (
          <tr key={r} data-testid="row">
            <td>{r}</td>
            <td>{r.length}</td>
          </tr>
        ))
      }
    </RecordTable>,
  );
}

describe('RecordTable', () => {
  it('shows the empty notice for no records and no table', () => {
    table(loaded([]));
    expect(screen.getByTestId('empty').textContent).toContain('none');
    expect(screen.queryByTestId('tbl')).toBeNull();
  });

  it('shows a spinner while the first page loads', () => {
    const { container } = table(loaded(null, true));
    expect(container.querySelector('.bp6-spinner')).not.toBeNull();
    expect(screen.queryByTestId('empty')).toBeNull();
  });

  it('draws the header cells and one row per record', () => {
    table(loaded(['ab', 'cde']));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Len']);
    expect(screen.getAllByTestId('row').map((r) => r.textContent)).toEqual(['ab2', 'cde3']);
  });
});
