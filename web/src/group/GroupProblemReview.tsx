// /admin/group-problem/apply: group problems asking to join the public bank (spec §2.13); a site
// admin approves (progress 2: the problem becomes a site problem) or refuses (3).
import { Button, Card, H4, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/client';
import { Pager } from '../judge/Pager';
import { LoadedList } from '../shell/LoadedList';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';

export function GroupProblemReview() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useLoad(
    () => http.get('/api/admin/group-problem/list', { currentPage: page, limit: 10 }),
    [page],
  );
  const decide = async (pid: number, progress: 2 | 3) => {
    try {
      await http.put('/api/admin/group-problem/change-progress', { pid, progress });
      toast.success(t('groupUi.updateSuccess'));
    } catch {
      // message shown by the client
    }
    list.reload();
  };
  // the row's applyPublicProgress is null when never asked (such a row reads as refused here)
  const state = (p: number | null) =>
    p === 1 ? t('groupUi.applyingPublic') : p === 2 ? t('groupUi.isPublic') : t('groupUi.refusedPublic');
  return (
    <Card data-testid="group-problem-review">
      <H4>{t('groupUi.reviewTitle')}</H4>
      <LoadedList
        list={list}
        isEmpty={(d) => d.records.length === 0}
        emptyTitle={t('groupUi.noProblems')}
        emptyTestId="group-problem-review-empty"
      >
        {(data) => (
          <div className="oj-table-scroll">
            <HTMLTable striped className="oj-group-table">
              <thead>
                <tr>
                  <th>ID</th>
                  <th>{t('groupUi.groupNumber')}</th>
                  <th>{t('groupUi.problemId')}</th>
                  <th>{t('groupUi.title')}</th>
                  <th>{t('groupUi.author')}</th>
                  <th>{t('groupUi.state')}</th>
                  <th>{t('groupUi.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.records.map((r) => (
                  <tr key={r.id} data-testid={`group-review-${r.problemId}`}>
                    <td>{r.id}</td>
                    <td>
                      <a href={`/group/${r.gid}`}>{r.gid}</a>
                    </td>
                    <td>{r.problemId}</td>
                    <td>{r.title}</td>
                    <td>{r.author}</td>
                    <td>
                      <Tag
                        minimal
                        intent={
                          r.applyPublicProgress === 2
                            ? 'success'
                            : r.applyPublicProgress === 3
                              ? 'danger'
                              : 'primary'
                        }
                      >
                        {state(r.applyPublicProgress)}
                      </Tag>
                    </td>
                    <td>
                      {r.applyPublicProgress === 1 && (
                        <>
                          <Button
                            small
                            intent="success"
                            onClick={() => void decide(r.id, 2)}
                            data-testid={`group-review-approve-${r.problemId}`}
                          >
                            {t('groupUi.approve')}
                          </Button>{' '}
                          <Button small intent="danger" onClick={() => void decide(r.id, 3)}>
                            {t('groupUi.refuse')}
                          </Button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <Pager page={page} size={10} total={data.total} onPage={setPage} />
          </div>
        )}
      </LoadedList>
    </Card>
  );
}
