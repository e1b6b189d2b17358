// /admin/contest/:contestId/announcement: the contest's announcements (all statuses), 10 per page;
// create and edit in a dialog (title, markdown content, visible), delete after a confirmation.
import { Button, ButtonGroup, Dialog, DialogBody, FormGroup, Switch, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { formatDateTime } from '../../contest/format';
import { Pager } from '../../judge/Pager';
import { toast } from '../../shell/toaster';
import { LoadedList } from '../../shell/LoadedList';
import { useLoad } from '../../shell/useLoad';
import { type AnnouncementInput } from './api';
import { useContestAdmin } from './admin-scope';
import { AdminTable, SaveFooter, TextField, useDialogSave } from './parts';
import './admin-contest.css';

export const ANNOUNCEMENT_PAGE_SIZE = 10;

function AnnouncementDialog({
  cid,
  initial,
  onClose,
  onSaved,
}: {
  cid: number;
  initial: AnnouncementInput;
  onClose(): void;
  onSaved(): void;
}) {
  const ca = useContestAdmin();
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const { busy, save: saveWith } = useDialogSave(onSaved, onClose);
  const save = () =>
    saveWith(
      draft.title.trim() ? null : 'adminContest.announcementTitleRequired',
      async () => {
        if (draft.id) await ca.api.updateAnnouncement(cid, draft);
        else await ca.api.addAnnouncement(cid, draft);
      },
      draft.id ? 'contestUi.updated' : 'adminContest.posted',
    );
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(draft.id ? 'adminContest.editAnnouncement' : 'adminContest.newAnnouncement')}
      className="oj-admin-dialog"
    >
      <DialogBody>
        <div data-testid="announcement-dialog">
          <TextField
            label={t('adminContest.announcementTitle')}
            id="announcement-title"
            value={draft.title}
            onChange={(title) => setDraft({ ...draft, title })}
            testId="announcement-title"
          />
          <FormGroup label={t('adminContest.announcementContent')} labelFor="announcement-content">
            <TextArea
              id="announcement-content"
              fill
              rows={8}
              value={draft.content}
              onChange={(e) => setDraft({ ...draft, content: e.target.value })}
              data-testid="announcement-content"
            />
          </FormGroup>
          <Switch
            checked={draft.status === 0}
            label={t('adminContest.announcementVisible')}
            onChange={() => setDraft({ ...draft, status: draft.status === 0 ? 1 : 0 })}
          />
        </div>
      </DialogBody>
      <SaveFooter busy={busy} onSave={() => void save()} testId="announcement-save" />
    </Dialog>
  );
}

export function ContestAnnouncementsPage({ cid: given }: { cid?: number } = {}) {
  const ca = useContestAdmin();
  const { t } = useTranslation();
  const params = useParams<{ contestId: string }>();
  const cid = given ?? Number(params.contestId);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AnnouncementInput | null>(null);
  const list = useLoad(() => ca.api.announcements(cid, page, ANNOUNCEMENT_PAGE_SIZE), [cid, page]);
  const remove = async (aid: number) => {
    if (!window.confirm(t('adminContest.announcementDeleteConfirm'))) return;
    try {
      await ca.api.removeAnnouncement(aid, cid);
      toast.success(t('adminContest.deleted'));
      list.reload();
    } catch {
      // shown by the client
    }
  };
  return (
    <div className="oj-admin-page" data-testid="admin-contest-announcements">
      <div className="oj-admin-toolbar">
        <h2>{t('adminContest.announcementsTitle')}</h2>
        <Button
          intent="primary"
          icon="plus"
          onClick={() => setEditing({ title: '', content: '', status: 0 })}
          data-testid="announcement-new"
        >
          {t('adminContest.newAnnouncement')}
        </Button>
      </div>
      <LoadedList
        list={list}
        isEmpty={(data) => data.records.length === 0}
        emptyTitle={t('contestUi.noAnnouncements')}
        emptyTestId="announcements-empty"
      >
        {(data) => (
          <AdminTable
            columns={[
              'ID',
              t('contestUi.title'),
              t('contestUi.createdAt'),
              t('contestUi.author'),
              t('adminContest.actions'),
            ]}
          >
            {data.records.map((a) => (
              <tr key={a.id} data-testid={`announcement-row-${a.id}`}>
                <td>{a.id}</td>
                <td>{a.title}</td>
                <td>{formatDateTime(a.gmtCreate)}</td>
                <td>{a.username ?? ''}</td>
                <td>
                  <ButtonGroup>
                    <Button
                      small
                      icon="edit"
                      aria-label={t('adminContest.edit')}
                      onClick={() =>
                        setEditing({
                          id: a.id,
                          title: a.title,
                          content: a.content,
                          status: a.status ?? 0,
                        })
                      }
                      data-testid={`announcement-edit-${a.id}`}
                    />
                    <Button
                      small
                      intent="danger"
                      icon="cross"
                      aria-label={t('adminContest.delete')}
                      onClick={() => void remove(a.id)}
                      data-testid={`announcement-delete-${a.id}`}
                    />
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </LoadedList>
      {list.data && list.data.total > 0 && (
        <Pager page={page} size={ANNOUNCEMENT_PAGE_SIZE} total={list.data.total} onPage={setPage} />
      )}
      {editing && (
        <AnnouncementDialog
          cid={cid}
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
    </div>
  );
}
