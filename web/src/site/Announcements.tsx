// Announcement panel: paged list (5 per page), click for rendered content, refresh, empty state.
// Inside a contest (contestID given) it lists that contest's announcements without paging.
import { Button, Card, H4, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../shell/useLoad';
import { formatDateTime, siteApi, type Announcement } from './api';
import { announcementText } from './seeded-content';

// marked + DOMPurify load only when an announcement is opened.
const Markdown = lazy(() => import('../shell/Markdown').then((m) => ({ default: m.Markdown })));

export const ANNOUNCEMENT_PAGE_SIZE = 5;
const CONTEST_LIMIT = 100;

export function Announcements({ contestID }: { contestID?: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Announcement | null>(null);
  const list = useLoad(
    () =>
      contestID
        ? siteApi.contestAnnouncements(Number(contestID), 1, CONTEST_LIMIT)
        : siteApi.announcements(page, ANNOUNCEMENT_PAGE_SIZE),
    [contestID, page],
  );
  const records = (list.data?.records ?? []).map((a) => announcementText(a, t));
  const pages = contestID ? 1 : Math.max(1, list.data?.pages ?? 1);

  return (
    <Card className="oj-panel" data-testid="announcements">
      <div className="oj-panel__header">
        <H4>{open ? open.title : t('home.announcements')}</H4>
        {open ? (
          <Button
            icon="arrow-left"
            variant="minimal"
            onClick={() => setOpen(null)}
            data-testid="announcement-back"
          >
            {t('common.back')}
          </Button>
        ) : (
          <Button
            icon="refresh"
            variant="minimal"
            onClick={list.reload}
            aria-label={t('common.refresh')}
            data-testid="announcement-refresh"
          />
        )}
      </div>
      {open ? (
        <Suspense fallback={<Spinner size={30} />}>
          <Markdown source={open.content} />
        </Suspense>
      ) : list.loading ? (
        <Spinner size={30} />
      ) : records.length === 0 ? (
        <div data-testid="announcements-empty">
          <NonIdealState icon="inbox" title={t('home.noAnnouncements')} />
        </div>
      ) : (
        <>
          <HTMLTable className="oj-table" interactive compact>
            <tbody>
              {records.map((a) => (
                <tr key={a.id} onClick={() => setOpen(a)} data-testid="announcement-item">
                  <td>
                    <a href="#" onClick={(e) => e.preventDefault()}>
                      {a.title}
                    </a>
                  </td>
                  <td className="oj-muted oj-hide-mobile">{formatDateTime(a.gmtCreate, i18n.language)}</td>
                  <td className="oj-muted">{a.username}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {pages > 1 && (
            <div className="oj-pager">
              <Button
                icon="chevron-left"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                aria-label={t('common.prevPage')}
              />
              <span>
                {page} / {pages}
              </span>
              <Button
                icon="chevron-right"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
                aria-label={t('common.nextPage')}
              />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
