// /admin/problems: every site problem with keyword, auth and source filters and paging; edit,
// change auth, download test data, delete.
import { Button, Card, H4, HTMLSelect, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { KeywordSearch } from '../../shell/KeywordSearch';
import { saveBlob } from '../../shell/save-blob';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';
import { problemApi } from './api';

const PAGE_SIZE = 10;

export function ProblemListPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [auth, setAuth] = useState(0);
  const [oj, setOj] = useState('All');
  const list = useLoad(
    () =>
      problemApi.list({
        currentPage: page,
        limit: PAGE_SIZE,
        keyword: keyword || undefined,
        auth: auth || undefined,
        oj,
      }),
    [page, keyword, auth, oj],
  );
  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) toast.success(done);
      list.reload();
    } catch {
      // shown by the client
    }
  };
  const records = list.data?.records ?? [];
  const pages = Math.max(1, list.data?.pages ?? 1);
  return (
    <Card data-testid="admin-problems">
      <H4>{t('admin.problem.listTitle')}</H4>
      <div className="oj-admin-toolbar">
        <KeywordSearch
          placeholder={t('admin.problem.search')}
          onSearch={(k) => (setKeyword(k), setPage(1))}
          testId="problem-search"
        />
        <HTMLSelect
          value={auth}
          onChange={(e) => (setAuth(Number(e.currentTarget.value)), setPage(1))}
          options={[
            { value: 0, label: t('admin.problem.allAuth') },
            ...[1, 2, 3].map((v) => ({ value: v, label: t(`admin.problem.auth${v}`) })),
          ]}
        />
        <HTMLSelect
          value={oj}
          onChange={(e) => (setOj(e.currentTarget.value), setPage(1))}
          options={[
            { value: 'All', label: t('admin.problem.allOj') },
            { value: 'Mine', label: t('admin.problem.mine') },
          ]}
        />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          onClick={() => navigate('/admin/problem/create')}
          data-testid="problem-create"
        >
          {t('admin.problem.create')}
        </Button>
      </div>
      {list.loading && !list.data ? (
        <Spinner size={24} />
      ) : records.length === 0 ? (
        <NonIdealState icon="th-list" title={t('admin.problem.empty')} />
      ) : (
        <div className="oj-admin-table-wrap">
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>ID</th>
                <th>{t('admin.problem.problemId')}</th>
                <th>{t('admin.problem.title')}</th>
                <th>{t('admin.problem.author')}</th>
                <th>{t('admin.problem.auth')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {records.map((p) => (
                <tr key={p.id} data-testid={`problem-row-${p.problemId}`}>
                  <td>{p.id}</td>
                  <td>{p.problemId}</td>
                  <td>{p.title}</td>
                  <td>{p.author}</td>
                  <td>
                    <HTMLSelect
                      value={p.auth}
                      onChange={(e) =>
                        void act(() => problemApi.changeAuth(p.id, Number(e.currentTarget.value)))
                      }
                      options={[1, 2, 3].map((v) => ({ value: v, label: t(`admin.problem.auth${v}`) }))}
                    />
                  </td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      icon="edit"
                      onClick={() => navigate(`/admin/problem/edit/${p.id}`)}
                      data-testid={`problem-edit-${p.problemId}`}
                    />{' '}
                    <Button
                      size="small"
                      icon="download"
                      aria-label={t('admin.problem.downloadCases')}
                      onClick={() =>
                        void problemApi.downloadCases(p.id).then(
                          (f) => saveBlob(f.blob, f.fileName ?? `testcase_${p.id}.zip`),
                          () => undefined,
                        )
                      }
                    />{' '}
                    <Button
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      onClick={() =>
                        window.confirm(t('admin.problem.confirmDelete')) &&
                        void act(() => problemApi.remove(p.id))
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
          {page} / {pages} ({list.data?.total ?? 0})
        </span>
        <Button icon="chevron-right" disabled={page >= pages} onClick={() => setPage(page + 1)} />
      </div>
    </Card>
  );
}
