// Announcements* (super admin): list with paging, create and edit with the markdown editor, show or
// hide, delete.
import {
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H4,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementVO } from '@oj/protocol/site/schemas';
import { MarkdownEditor } from '../../shell/MarkdownEditor';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';
import { siteAdminApi } from './api';

interface Draft {
  id: number | null;
  title: string;
  content: string;
  status: number;
}

export function AnnouncementPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft | null>(null);
  const list = useLoad(() => siteAdminApi.announcements(page), [page]);
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      toast.success(t('admin.site.saved'));
      list.reload();
      return true;
    } catch {
      return false;
    }
  };
  const save = async () => {
    if (!draft) return;
    if (!draft.title.trim() || !draft.content.trim())
      return toast.warning(t('admin.site.announcementRequired'));
    const ok = await run(() =>
      draft.id === null
        ? siteAdminApi.createAnnouncement(draft)
        : siteAdminApi.updateAnnouncement({ ...draft, id: draft.id }),
    );
    if (ok) setDraft(null);
  };
  const records: AnnouncementVO[] = list.data?.records ?? [];
  const pages = Math.max(1, list.data?.pages ?? 1);
  return (
    <Card data-testid="admin-announcement">
      <H4>{t('admin.menu.announcement')}</H4>
      <Button
        icon="add"
        intent={Intent.PRIMARY}
        onClick={() => setDraft({ id: null, title: '', content: '', status: 0 })}
        data-testid="announcement-create"
      >
        {t('admin.site.create')}
      </Button>
      {list.loading && !list.data ? (
        <Spinner />
      ) : records.length === 0 ? (
        <NonIdealState icon="notifications" title={t('admin.site.empty')} />
      ) : (
        <div className="oj-admin-table-wrap">
          <HTMLTable compact striped>
            <tbody>
              {records.map((a) => (
                <tr key={a.id}>
                  <td>{a.title}</td>
                  <td>{a.username}</td>
                  <td>
                    <Switch
                      checked={a.status === 0}
                      onChange={(e) =>
                        void run(() =>
                          siteAdminApi.updateAnnouncement({
                            id: a.id,
                            title: a.title,
                            content: a.content,
                            status: e.currentTarget.checked ? 0 : 1,
                          }),
                        )
                      }
                    />
                  </td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      icon="edit"
                      onClick={() =>
                        setDraft({ id: a.id, title: a.title, content: a.content, status: a.status })
                      }
                    />{' '}
                    <Button
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      onClick={() =>
                        window.confirm(t('admin.site.confirmDelete')) &&
                        void run(() => siteAdminApi.deleteAnnouncement(a.id))
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <div className="oj-admin-toolbar" style={{ marginTop: 8 }}>
        <Button icon="chevron-left" disabled={page <= 1} onClick={() => setPage(page - 1)} />
        <span>
          {page} / {pages}
        </span>
        <Button icon="chevron-right" disabled={page >= pages} onClick={() => setPage(page + 1)} />
      </div>
      {draft && (
        <Dialog
          isOpen
          onClose={() => setDraft(null)}
          title={t('admin.menu.announcement')}
          style={{ width: 'min(900px, 96vw)' }}
        >
          <DialogBody>
            <FormGroup label={t('admin.site.title')}>
              <InputGroup
                value={draft.title}
                onValueChange={(title) => setDraft({ ...draft, title })}
                data-testid="announcement-title"
              />
            </FormGroup>
            <MarkdownEditor
              value={draft.content}
              onChange={(content) => setDraft({ ...draft, content })}
              testId="announcement-content"
            />
            <Switch
              checked={draft.status === 0}
              label={t('admin.site.visible')}
              onChange={(e) => setDraft({ ...draft, status: e.currentTarget.checked ? 0 : 1 })}
            />
          </DialogBody>
          <DialogFooter
            actions={
              <Button intent={Intent.PRIMARY} onClick={() => void save()} data-testid="announcement-save">
                {t('admin.site.save')}
              </Button>
            }
          />
        </Dialog>
      )}
    </Card>
  );
}
