// Contest announcements (spec §2.5): list, click to read the markdown, Back, Refresh, empty state.
import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../shell/Markdown';
import { useLoad } from '../shell/useLoad';
import { contestApi } from './api';
import { formatDateTime } from './format';
import type { AnnouncementVO } from './types';

export function AnnouncementsTab({ cid }: { cid: string }) {
  const { t } = useTranslation();
  const list = useLoad(() => contestApi.announcements(cid), [cid]);
  const [open, setOpen] = useState<AnnouncementVO | null>(null);
  if (open)
    return (
      <Card data-testid="announcement-detail">
        <Button icon="arrow-left" onClick={() => setOpen(null)} data-testid="announcement-back">
          {t('contestUi.back')}
        </Button>
        <h3>{open.title}</h3>
        <Markdown source={open.content} />
      </Card>
    );
  return (
    <div data-testid="announcements">
      <Button icon="refresh" onClick={list.reload} data-testid="announcements-refresh">
        {t('contestUi.refresh')}
      </Button>
      {list.loading && !list.data ? (
        <Spinner data-testid="announcements-loading" />
      ) : !list.data || list.data.records.length === 0 ? (
        <div data-testid="announcements-empty">
          <NonIdealState icon="inbox" title={t('contestUi.noAnnouncements')} />
        </div>
      ) : (
        <ul className="oj-announcements">
          {list.data.records.map((a) => (
            <li key={a.id} data-testid={`announcement-${a.id}`}>
              <button type="button" className="oj-link-button" onClick={() => setOpen(a)}>
                {a.title}
              </button>
              <span className="oj-cell-note">
                {formatDateTime(a.gmtCreate)} · {a.username ?? ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
