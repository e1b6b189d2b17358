// Pager with an optional page-size selector (sizes 10, 15, 30, 50, 100; spec §5).
import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './rank-rules';

export interface PagerProps {
  page: number;
  size: number;
  total: number;
  /** The count to show when it differs from the paged list's length (pinned duplicate rows). */
  shownTotal?: number;
  onPage(page: number): void;
  onSize?(size: number): void;
}

/** Up to five page numbers around the current one. */
export function pageWindow(page: number, pages: number, count = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(count / 2), pages - count + 1));
  const out: number[] = [];
  for (let p = start; p <= Math.min(pages, start + count - 1); p++) out.push(p);
  return out;
}

export function Pager({ page, size, total, shownTotal, onPage, onSize }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <div className="oj-pager" data-testid="pager">
      <span className="oj-pager-total" data-testid="pager-total">
        {t('pager.total', { total: shownTotal ?? total })}
      </span>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t('pager.prev')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        />
        {pageWindow(page, pages).map((p) => (
          <Button key={p} active={p === page} onClick={() => onPage(p)} data-testid={`pager-${p}`}>
            {p}
          </Button>
        ))}
        <Button
          icon="chevron-right"
          aria-label={t('pager.next')}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        />
      </ButtonGroup>
      {onSize && (
        <HTMLSelect
          value={size}
          aria-label={t('pager.total', { total })}
          data-testid="pager-size"
          onChange={(e) => onSize(Number(e.currentTarget.value))}
          options={PAGE_SIZES.map((n) => ({ value: n, label: t('rank.pageSize', { n }) }))}
        />
      )}
    </div>
  );
}
