// The three states of a loaded list: a spinner on the first load, an empty notice, or the rows.
import { NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { Loaded } from './useLoad';

export function LoadedList<T>({
  list,
  isEmpty,
  emptyTitle,
  emptyTestId,
  loadingTestId,
  failed,
  children,
}: {
  list: Loaded<T>;
  isEmpty(data: T): boolean;
  emptyTitle: string;
  emptyTestId: string;
  loadingTestId?: string;
  /** Shown instead of the empty notice when the first load failed. */
  failed?: ReactNode;
  children(data: T): ReactNode;
}) {
  if (list.loading && !list.data) return <Spinner data-testid={loadingTestId} />;
  if (failed && list.failed && !list.data) return <>{failed}</>;
  if (!list.data || isEmpty(list.data))
    return (
      <div data-testid={emptyTestId}>
        <NonIdealState icon="inbox" title={emptyTitle} />
      </div>
    );
  return <>{children(list.data)}</>;
}
