// Back office: discussions (list, search, pin, ban, delete) and the report queue with its handled
// state (groups-admin-files.md §4.12; issue 13).
import { Button, Card, Switch, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { adminPostApi, postApi } from '../../discussion/posts-api';
import { Pager } from '../../judge/Pager';
import { ConfirmButton } from '../../message/Confirm';
import { KeywordSearch } from '../../shell/KeywordSearch';
import { RecordTable } from '../../shell/RecordTable';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';

const when = (d: string) => {
  const date = new Date(d.replace('+0000', 'Z'));
  return Number.isNaN(date.getTime()) ? d : date.toLocaleString();
};

async function act(run: () => Promise<unknown>, done: () => void, msg: string) {
  try {
    await run();
    toast.success(msg);
    done();
  } catch {
    // shown by the client
  }
}

function Posts() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useLoad(
    () => postApi.list({ currentPage: page, limit: 10, keyword: keyword || undefined, admin: true }),
    [page, keyword],
  );
  const ok = t('discussionUi.updated');
  return (
    <div data-testid="admin-discussion-posts">
      <KeywordSearch
        placeholder={t('adminDiscussion.search')}
        onSearch={(k) => {
          setKeyword(k);
          setPage(1);
        }}
        testId="admin-discussion-search"
      />
      <RecordTable
        list={list}
        emptyTitle={t('adminDiscussion.empty')}
        emptyTestId="admin-discussion-empty"
        head={[
          t('adminDiscussion.id'),
          t('adminDiscussion.discussion'),
          t('adminDiscussion.author'),
          t('adminDiscussion.top'),
          t('adminDiscussion.status'),
          t('adminDiscussion.actions'),
        ]}
        className="oj-admin-table"
        compact
      >
        {(records) =>
          records.map((d) => (
            <tr key={d.id} data-testid="admin-discussion-row">
              <td>{d.id}</td>
              <td>
                <Link href={`/discussion-detail/${d.id}`}>{d.title}</Link>
              </td>
              <td>{d.author}</td>
              <td>
                <Switch
                  checked={d.topPriority}
                  data-testid="admin-discussion-top"
                  onChange={(e) =>
                    act(
                      () => adminPostApi.update({ id: d.id, topPriority: e.currentTarget.checked }),
                      list.reload,
                      ok,
                    )
                  }
                />
              </td>
              <td>
                <Switch
                  checked={d.status === 0}
                  labelElement={d.status === 0 ? undefined : <Tag intent="danger">ban</Tag>}
                  onChange={(e) =>
                    act(
                      () => adminPostApi.update({ id: d.id, status: e.currentTarget.checked ? 0 : 1 }),
                      list.reload,
                      ok,
                    )
                  }
                />
              </td>
              <td>
                <ConfirmButton
                  small
                  minimal
                  intent="danger"
                  icon="trash"
                  aria-label={t('adminDiscussion.delete')}
                  question={t('adminDiscussion.confirmDelete')}
                  testId="admin-discussion-delete"
                  onConfirm={() =>
                    act(() => adminPostApi.remove([d.id]), list.reload, t('discussionUi.deleted'))
                  }
                />
              </td>
            </tr>
          ))
        }
      </RecordTable>
      {list.data && <Pager page={page} size={10} total={list.data.total} onPage={setPage} />}
    </div>
  );
}

function Reports() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useLoad(() => adminPostApi.reports(page, 10), [page]);
  return (
    <div data-testid="admin-discussion-reports">
      <RecordTable
        list={list}
        emptyTitle={t('adminDiscussion.empty')}
        emptyTestId="admin-report-empty"
        head={[
          t('adminDiscussion.discussion'),
          t('adminDiscussion.author'),
          t('adminDiscussion.reporter'),
          t('adminDiscussion.content'),
          t('adminDiscussion.created'),
          t('adminDiscussion.status'),
        ]}
        className="oj-admin-table"
        compact
      >
        {(records) =>
          records.map((r) => (
            <tr key={r.id} data-testid="admin-report-row" data-handled={r.status ? 'yes' : 'no'}>
              <td>
                <Link href={`/discussion-detail/${r.did}`}>{r.discussionTitle ?? r.did}</Link>
              </td>
              <td>{r.discussionAuthor}</td>
              <td>{r.reporter}</td>
              <td className="oj-report-content">{r.content}</td>
              <td>{when(r.gmtCreate)}</td>
              <td>
                <Tag intent={r.status ? 'success' : 'warning'} data-testid="admin-report-state">
                  {t(r.status ? 'adminDiscussion.handled' : 'adminDiscussion.pending')}
                </Tag>{' '}
                <Button
                  small
                  text={t(r.status ? 'adminDiscussion.markPending' : 'adminDiscussion.markHandled')}
                  data-testid="admin-report-handle"
                  onClick={() =>
                    act(() => adminPostApi.handle(r.id, !r.status), list.reload, t('discussionUi.updated'))
                  }
                />
              </td>
            </tr>
          ))
        }
      </RecordTable>
      {list.data && <Pager page={page} size={10} total={list.data.total} onPage={setPage} />}
    </div>
  );
}

export function AdminDiscussionPage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="admin-discussion">
      <Tabs id="admin-discussion-tabs" renderActiveTabPanelOnly>
        <Tab id="posts" title={t('adminDiscussion.title')} panel={<Posts />} />
        <Tab
          id="reports"
          title={t('adminDiscussion.reports')}
          panel={<Reports />}
          data-testid="admin-reports-tab"
        />
      </Tabs>
    </Card>
  );
}
