// A loaded page of records as a table: the spinner / empty notice of LoadedList, then a
// horizontally scrollable striped table with the given header cells and rows.
import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { LoadedList } from './LoadedList';
import type { Loaded } from './useLoad';

export function RecordTable<R>({
  list,
  emptyTitle,
  emptyTestId,
  head,
  className,
  compact,
  interactive,
  testId,
  children,
}: {
  list: Loaded<{ records: R[] }>;
  emptyTitle: string;
  emptyTestId: string;
  /** The header cells, in order. */
  head: ReactNode[];
  className: string;
  compact?: boolean;
  interactive?: boolean;
  testId?: string;
  /** The rows (`<tr>`s) of the loaded records. */
  children(records: R[]): ReactNode;
}) {
  return (
    <LoadedList
      list={list}
      isEmpty={(d) => d.records.length === 0}
      emptyTitle={emptyTitle}
      emptyTestId={emptyTestId}
    >
      {(data) => (
        <div className="oj-table-scroll">
          <HTMLTable
            striped
            compact={compact}
            interactive={interactive}
            className={className}
            data-testid={testId}
          >
            <thead>
              <tr>
                {head.map((h, i) => (
                  <th key={i}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>{children(data.records)}</tbody>
          </HTMLTable>
        </div>
      )}
    </LoadedList>
  );
}
