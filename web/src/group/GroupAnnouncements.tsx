// Group announcements (spec §2.3, §2.4): five a page on the detail page for members; the admin list
// (ten a page) with a visible switch that saves at once, edit and delete, and the edit dialog.
import { Button, Card, Classes, Dialog, FormGroup, HTMLTable, InputGroup, Switch } from '@blueprintjs/core';
import type { GroupAnnouncementRecord } from '@oj/protocol/group';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../judge/Pager';
import { LoadedList } from '../shell/LoadedList';
import { Markdown } from '../shell/Markdown';
import { MarkdownEditor } from '../shell/MarkdownEditor';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { groupApi } from './api';

const DETAIL_PAGE = 5;

export function DetailAnnouncements({ gid, version }: { gid: number; version: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useLoad(() => groupApi.announcements(gid, page, DETAIL_PAGE), [gid, page, version]);
  return (
    <Card className="oj-group-announcements" data-testid="group-announcements">
      <h4>{t('groupUi.announcements')}</h4>
      <LoadedList
        list={list}
        isEmpty={(d) => d.records.length === 0}
        emptyTitle={t('groupUi.noAnnouncements')}
        emptyTestId="group-announcements-empty"
      >
        {(data) => (
          <>
            {data.records.map((a) => (
              <details
                key={a.id}
                className="oj-group-announcement"
                data-testid={`group-announcement-${a.id}`}
              >
                <summary>
                  <strong>{a.title}</strong>{' '}
                  <span className={Classes.TEXT_MUTED}>
                    {a.username} · {a.gmtCreate.slice(0, 10)}
                  </span>
                </summary>
                <Markdown source={a.content} />
              </details>
            ))}
            <Pager page={page} size={DETAIL_PAGE} total={data.total} onPage={setPage} />
          </>
        )}
      </LoadedList>
    </Card>
  );
}

type Editing = { id?: number; title: string; content: string; status: number };

export function GroupAnnouncementsAdmin({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useLoad(() => groupApi.adminAnnouncements(gid, page), [gid, page]);
  const save = async (e: Editing) => {
    if (!e.title.trim() || !e.content.trim()) {
      toast.warning(`${t('groupUi.title')} / ${t('groupUi.content')}: ${t('groupUi.required')}`);
      return;
    }
    setBusy(true);
    try {
      if (e.id)
        await groupApi.updateAnnouncement({
          id: e.id,
          gid,
          title: e.title,
          content: e.content,
          status: e.status,
        });
      else await groupApi.addAnnouncement({ gid, title: e.title, content: e.content, status: e.status });
      toast.success(t('groupUi.updateSuccess'));
      setEditing(null);
      list.reload();
    } catch {
      // message shown by the client
    } finally {
      setBusy(false);
    }
  };
  const toggle = async (a: GroupAnnouncementRecord, visible: boolean) => {
    try {
      await groupApi.updateAnnouncement({
        id: a.id,
        gid,
        title: a.title,
        content: a.content,
        status: visible ? 0 : 1,
      });
    } finally {
      list.reload();
    }
  };
  const remove = async (a: GroupAnnouncementRecord) => {
    if (!window.confirm(t('groupUi.confirmDelete'))) return;
    try {
      await groupApi.deleteAnnouncement(a.id);
      toast.success(t('groupUi.deleteSuccess'));
      list.reload();
    } catch {
      // message shown by the client
    }
  };
  return (
    <div data-testid="group-announcement-admin">
      <Button
        icon="plus"
        intent="primary"
        onClick={() => setEditing({ title: '', content: '', status: 0 })}
        data-testid="group-announcement-add"
      >
        {t('groupUi.add')}
      </Button>
      <LoadedList
        list={list}
        isEmpty={(d) => d.records.length === 0}
        emptyTitle={t('groupUi.noAnnouncements')}
        emptyTestId="group-announcement-admin-empty"
      >
        {(data) => (
          <div className="oj-table-scroll">
            <HTMLTable striped className="oj-group-table">
              <thead>
                <tr>
                  <th>ID</th>
                  <th>{t('groupUi.title')}</th>
                  <th>{t('groupUi.created')}</th>
                  <th>{t('groupUi.modified')}</th>
                  <th>{t('groupUi.author')}</th>
                  <th>{t('groupUi.visible')}</th>
                  <th>{t('groupUi.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.records.map((a) => (
                  <tr key={a.id}>
                    <td>{a.id}</td>
                    <td>{a.title}</td>
                    <td>{a.gmtCreate.slice(0, 10)}</td>
                    <td>{a.gmtModified.slice(0, 10)}</td>
                    <td>{a.username}</td>
                    <td>
                      <Switch
                        checked={a.status === 0}
                        onChange={(e) => void toggle(a, e.currentTarget.checked)}
                      />
                    </td>
                    <td>
                      <Button
                        small
                        minimal
                        icon="edit"
                        aria-label={t('groupUi.edit')}
                        onClick={() =>
                          setEditing({ id: a.id, title: a.title, content: a.content, status: a.status })
                        }
                      />
                      <Button
                        small
                        minimal
                        intent="danger"
                        icon="trash"
                        aria-label={t('groupUi.delete')}
                        onClick={() => void remove(a)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <Pager page={page} size={10} total={data.total} onPage={setPage} />
          </div>
        )}
      </LoadedList>
      <Dialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t('groupUi.edit') : t('groupUi.add')}
        className="oj-group-wide-dialog"
      >
        {editing && (
          <>
            <div className={Classes.DIALOG_BODY}>
              <FormGroup label={t('groupUi.title')} labelInfo="*">
                <InputGroup
                  value={editing.title}
                  onChange={(e) => setEditing({ ...editing, title: e.target.value })}
                  data-testid="group-announcement-title"
                />
              </FormGroup>
              <FormGroup label={t('groupUi.content')} labelInfo="*">
                <MarkdownEditor
                  value={editing.content}
                  onChange={(content) => setEditing({ ...editing, content })}
                  gid={gid}
                  rows={8}
                  testId="group-announcement-content"
                />
              </FormGroup>
              <Switch
                checked={editing.status === 0}
                label={t('groupUi.visible')}
                onChange={(e) => setEditing({ ...editing, status: e.currentTarget.checked ? 0 : 1 })}
              />
            </div>
            <div className={Classes.DIALOG_FOOTER}>
              <div className={Classes.DIALOG_FOOTER_ACTIONS}>
                <Button onClick={() => setEditing(null)}>{t('groupUi.cancel')}</Button>
                <Button
                  intent="primary"
                  loading={busy}
                  onClick={() => void save(editing)}
                  data-testid="group-announcement-save"
                >
                  {t('groupUi.save')}
                </Button>
              </div>
            </div>
          </>
        )}
      </Dialog>
    </div>
  );
}
