// Problems tab (spec §2.5): the group's public problems for members (a row opens the problem);
// group admins also get the problem admin table (auth select, apply-to-public, delete).
import { Button, HTMLSelect, HTMLTable, Icon, ProgressBar, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Pager } from '../judge/Pager';
import { LoadedList } from '../shell/LoadedList';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { StatusText } from '../judge/StatusTag';
import { groupProblemApi, type GroupAdminProblemRow } from './api';
import { isAdminView, type Viewer } from './GroupArea';

const DIFFICULTY = ['easy', 'mid', 'hard'] as const;

/** The viewer's status icon (spec §2.5): a check for accepted, the status for others, nothing unsubmitted. */
function StatusMark({ status }: { status: number | undefined }) {
  if (status === undefined || status === JudgeStatus.NOT_SUBMITTED) return null;
  if (status === JudgeStatus.ACCEPTED)
    return <Icon icon="tick" intent="success" data-testid="group-problem-mark-ac" />;
  return (
    <span data-testid="group-problem-mark-tried">
      <StatusText status={status} />
    </span>
  );
}

function ProblemList({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const list = useLoad(() => groupProblemApi.list(gid, page), [gid, page]);
  const [showTags, setShowTags] = useState(true);
  const [marks, setMarks] = useState<Record<string, { status: number }>>({});
  // The viewer's status icon per row (spec §2.5): this group's submissions only.
  useEffect(() => {
    const pids = (list.data?.records ?? []).map((r) => r.pid);
    if (pids.length === 0) return;
    let live = true;
    groupProblemApi
      .statuses(gid, pids)
      .then((m) => live && setMarks(m ?? {}))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [gid, list.data]);
  return (
    <LoadedList
      list={list}
      isEmpty={(d) => d.records.length === 0}
      emptyTitle={t('groupUi.noProblems')}
      emptyTestId="group-problems-empty"
    >
      {(data) => (
        <div className="oj-table-scroll">
          <Switch
            checked={showTags}
            label={t('groupUi.tagsShow')}
            onChange={(e) => setShowTags(e.currentTarget.checked)}
            data-testid="group-problem-show-tags"
          />
          <HTMLTable striped interactive className="oj-group-table">
            <thead>
              <tr>
                <th style={{ width: 28 }} />
                <th>{t('groupUi.problemId')}</th>
                <th>{t('groupUi.title')}</th>
                <th>{t('groupUi.difficulty')}</th>
                <th>{t('groupUi.acRate')}</th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((p) => (
                <tr
                  key={p.pid}
                  onClick={() => navigate(`/group/${gid}/problem/${encodeURIComponent(p.problemId)}`)}
                  data-testid={`group-problem-${p.problemId}`}
                >
                  <td>
                    <StatusMark status={marks[String(p.pid)]?.status} />
                  </td>
                  <td>{p.problemId}</td>
                  <td>
                    {p.title}
                    {showTags && (p.tags?.length ?? 0) > 0 && (
                      <span className="oj-row-tags" data-testid={`group-problem-tags-${p.problemId}`}>
                        {p.tags!.map((tag) => (
                          <Tag
                            key={tag.id}
                            minimal
                            style={tag.color ? { background: tag.color, color: '#fff' } : undefined}
                          >
                            {tag.name}
                          </Tag>
                        ))}
                      </span>
                    )}
                  </td>
                  <td>
                    <Tag minimal>{t(`groupUi.${DIFFICULTY[p.difficulty] ?? 'easy'}`)}</Tag>
                  </td>
                  <td>
                    <ProgressBar stripes={false} animate={false} value={p.total ? p.ac / p.total : 0} />
                    <small>
                      {p.ac}/{p.total}
                    </small>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Pager page={page} size={10} total={data.total} onPage={setPage} />
        </div>
      )}
    </LoadedList>
  );
}

function ProblemAdmin({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const list = useLoad(() => groupProblemApi.adminList(gid, page), [gid, page]);
  const act = async (call: () => Promise<unknown>, confirmKey?: string) => {
    if (confirmKey && !window.confirm(t(confirmKey))) return;
    try {
      await call();
      toast.success(t('groupUi.updateSuccess'));
    } catch {
      // message shown by the client
    }
    list.reload();
  };
  const progress = (p: GroupAdminProblemRow) =>
    p.applyPublicProgress === 1
      ? t('groupUi.applyingPublic')
      : p.applyPublicProgress === 2
        ? t('groupUi.isPublic')
        : p.applyPublicProgress === 3
          ? t('groupUi.refusedPublic')
          : null;
  return (
    <LoadedList
      list={list}
      isEmpty={(d) => d.records.length === 0}
      emptyTitle={t('groupUi.noProblems')}
      emptyTestId="group-admin-problems-empty"
    >
      {(data) => (
        <div className="oj-table-scroll">
          <HTMLTable striped className="oj-group-table" data-testid="group-problem-admin">
            <thead>
              <tr>
                <th>ID</th>
                <th>{t('groupUi.problemId')}</th>
                <th>{t('groupUi.title')}</th>
                <th>{t('groupUi.author')}</th>
                <th>{t('groupUi.created')}</th>
                <th>{t('groupUi.auth')}</th>
                <th>{t('groupUi.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((p) => (
                <tr key={p.id} data-testid={`group-admin-problem-${p.problemId}`}>
                  <td>{p.id}</td>
                  <td>{p.problemId}</td>
                  <td>{p.title}</td>
                  <td>{p.author}</td>
                  <td>{String(p.gmtCreate).slice(0, 10)}</td>
                  <td>
                    <HTMLSelect
                      value={p.auth}
                      onChange={(e) =>
                        void act(() => groupProblemApi.changeAuth(p.id, Number(e.target.value)))
                      }
                    >
                      <option value={1}>{t('groupUi.public')}</option>
                      <option value={2}>{t('groupUi.private')}</option>
                      <option value={3} disabled>
                        {t('groupUi.contestAuth')}
                      </option>
                    </HTMLSelect>
                  </td>
                  <td>
                    {progress(p) && <Tag minimal>{progress(p)}</Tag>}
                    {p.applyPublicProgress === 1 && (
                      <Button
                        small
                        icon="undo"
                        onClick={() => void act(() => groupProblemApi.cancelApply(p.id))}
                        data-testid={`group-cancel-apply-${p.problemId}`}
                      >
                        {t('groupUi.cancelApply')}
                      </Button>
                    )}
                    {!progress(p) && (
                      <Button
                        small
                        icon="globe"
                        onClick={() =>
                          void act(() => groupProblemApi.applyPublic(p.id), 'groupUi.confirmApplyPublic')
                        }
                        data-testid={`group-apply-public-${p.problemId}`}
                      >
                        {t('groupUi.applyPublic')}
                      </Button>
                    )}
                    <Button
                      small
                      minimal
                      icon="edit"
                      aria-label={t('groupUi.edit')}
                      onClick={() => navigate(`/group/${gid}/problem-edit/${p.id}`)}
                    />
                    <Button
                      small
                      minimal
                      icon="comparison"
                      aria-label={t('similarity.menu')}
                      title={t('similarity.menu')}
                      onClick={() => navigate(`/similarity?scope=problem&scopeId=${p.id}`)}
                      data-testid={`group-problem-similarity-${p.problemId}`}
                    />
                    <Button
                      small
                      minimal
                      intent="danger"
                      icon="trash"
                      aria-label={t('groupUi.delete')}
                      onClick={() => void act(() => groupProblemApi.remove(p.id), 'groupUi.confirmDelete')}
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
  );
}

export function GroupProblems({ gid, viewer }: { gid: number; viewer: Viewer }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [admin, setAdmin] = useState(false);
  return (
    <div className="oj-group-problems" data-testid="group-problems">
      {isAdminView(viewer) && (
        <Button
          icon="plus"
          intent="primary"
          onClick={() => navigate(`/group/${gid}/problem-create`)}
          data-testid="group-problem-create"
        >
          {t('groupUi.createProblem')}
        </Button>
      )}
      {isAdminView(viewer) && (
        <Switch
          checked={admin}
          label={t('groupUi.problemAdmin')}
          onChange={(e) => setAdmin(e.currentTarget.checked)}
          data-testid="group-problem-admin-switch"
        />
      )}
      {admin && isAdminView(viewer) ? <ProblemAdmin gid={gid} /> : <ProblemList gid={gid} />}
    </div>
  );
}
