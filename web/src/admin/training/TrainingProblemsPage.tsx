// /admin/training/:trainingId/problems: the training's problems in order; add a public problem
// found by its display id or title, remove one, move one up or down (the training-problem rank).
import { Button, ButtonGroup, FormGroup, H3, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import type { ProblemVO } from '@oj/protocol/problem/schemas';
import { http } from '../../api/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { LoadedList } from '../../shell/LoadedList';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';
import { AdminTable, useSaving } from '../contest/parts';
import { adminTrainingApi, type TrainingAdminAdapter } from './api';

export function TrainingProblemsPage() {
  const tid = Number(useParams<{ trainingId: string }>().trainingId);
  return <TrainingProblemsEditor adapter={adminTrainingApi} tid={tid} />;
}

/** A training's problems: add a public one by pid, reorder, remove (site or group calls). */
export function TrainingProblemsEditor({ adapter, tid }: { adapter: TrainingAdminAdapter; tid: number }) {
  const { t } = useTranslation();
  const list = useLoad(() => adapter.problems(tid), [adapter, tid]);
  // The problem is found by its display id or title (issue #26 item 12), not typed as the internal pid.
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Pick<ProblemVO, 'pid' | 'problemId' | 'title'> | null>(null);
  const found = useLoad(
    () =>
      query.trim() && !chosen
        ? http.get('/api/get-problem-list', { keyword: query.trim(), limit: 8 }, { quiet: true })
        : Promise.resolve(null),
    [query, chosen],
  );
  const matches = found.data?.records ?? [];
  const choose = (p: Pick<ProblemVO, 'pid' | 'problemId' | 'title'>) => {
    setChosen(p);
    setQuery(p.problemId);
    if (!displayId.trim()) setDisplayId(p.problemId);
  };
  const [displayId, setDisplayId] = useState('');
  const [groupProblemId, setGroupProblemId] = useState('');
  const addGroupProblem = adapter.addGroupProblem;
  const { busy, run } = useSaving();
  const add = () =>
    run(async () => {
      // A display id typed in full counts as chosen when the search found exactly it.
      const target =
        chosen ?? matches.find((p) => p.problemId.toLowerCase() === query.trim().toLowerCase()) ?? null;
      if (!target) {
        toast.warning(t('adminTraining.pickProblem'));
        return;
      }
      await adapter.addProblem(tid, target.pid, displayId.trim() || target.problemId);
      toast.success(t('adminTraining.added'));
      setQuery('');
      setChosen(null);
      setDisplayId('');
      list.reload();
    });
  const addFromGroup = (add: NonNullable<typeof addGroupProblem>) =>
    run(async () => {
      await add(tid, groupProblemId.trim());
      toast.success(t('adminTraining.added'));
      setGroupProblemId('');
      list.reload();
    });
  const rows = list.data?.problemList.records ?? [];
  const links = list.data?.trainingProblemMap ?? {};
  /** Swaps the ranks of rows i and j (ranks renumbered 1..n first, so equal ranks still move). */
  const move = (i: number, j: number) =>
    run(async () => {
      const order = rows.map((r) => links[String(r.id)]!);
      [order[i], order[j]] = [order[j]!, order[i]!];
      await Promise.all(
        order.map((l, k) => (l.rank !== k + 1 ? adapter.updateLink({ id: l.id, tid, rank: k + 1 }) : null)),
      );
      list.reload();
    });
  const remove = (problemPid: number) =>
    run(async () => {
      await adapter.removeProblem(tid, problemPid);
      toast.success(t('adminTraining.removed'));
      list.reload();
    });
  return (
    <div data-testid="admin-training-problems">
      <H3>
        {t('adminTraining.problemsTitle')} #{tid}
      </H3>
      <form
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (query.trim()) void add();
        }}
      >
        <FormGroup
          label={t('adminTraining.pid')}
          labelFor="training-add-pid"
          helperText={
            chosen
              ? t('adminTraining.chosen', { problemId: chosen.problemId, title: chosen.title })
              : t('adminTraining.addById')
          }
        >
          <InputGroup
            id="training-add-pid"
            value={query}
            leftIcon="search"
            autoComplete="off"
            onChange={(e) => {
              setQuery(e.target.value);
              setChosen(null);
            }}
            data-testid="admin-training-add-pid"
          />
          {!chosen && matches.length > 0 && (
            <Menu className="oj-training-problem-matches" data-testid="admin-training-matches">
              {matches.map((p) => (
                <MenuItem
                  key={p.pid}
                  text={`${p.problemId} ${p.title}`}
                  onClick={() => choose(p)}
                  data-testid={`admin-training-match-${p.problemId}`}
                />
              ))}
            </Menu>
          )}
        </FormGroup>
        <FormGroup label={t('adminTraining.displayId')} labelFor="training-add-display">
          <InputGroup
            id="training-add-display"
            value={displayId}
            onChange={(e) => setDisplayId(e.target.value)}
            data-testid="admin-training-add-display"
          />
        </FormGroup>
        <FormGroup>
          <Button type="submit" intent="primary" icon="add" loading={busy} data-testid="admin-training-add">
            {t('adminTraining.add')}
          </Button>
        </FormGroup>
      </form>
      {addGroupProblem && (
        <form
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end' }}
          onSubmit={(e) => {
            e.preventDefault();
            if (groupProblemId.trim()) void addFromGroup(addGroupProblem);
          }}
        >
          <FormGroup label={t('groupUi.trainingGroupProblemId')} labelFor="training-add-group-problem">
            <InputGroup
              id="training-add-group-problem"
              value={groupProblemId}
              onChange={(e) => setGroupProblemId(e.target.value)}
              data-testid="admin-training-add-group-problem"
            />
          </FormGroup>
          <FormGroup>
            <Button type="submit" icon="add" loading={busy} data-testid="admin-training-add-group">
              {t('groupUi.trainingAddFromGroup')}
            </Button>
          </FormGroup>
        </form>
      )}
      <LoadedList
        list={list}
        isEmpty={(d) => d.problemList.records.length === 0}
        emptyTitle={t('adminTraining.noProblems')}
        emptyTestId="admin-training-problems-empty"
      >
        {() => (
          <AdminTable
            columns={[
              t('adminTraining.pid'),
              t('adminTraining.problemId'),
              t('adminTraining.displayId'),
              t('adminTraining.title'),
              t('adminTraining.actions'),
            ]}
          >
            {rows.map((r, i) => (
              <tr key={r.id} data-testid={`admin-training-problem-${r.problemId}`}>
                <td>{r.id}</td>
                <td>{r.problemId}</td>
                <td>{links[String(r.id)]?.displayId}</td>
                <td>{r.title}</td>
                <td>
                  <ButtonGroup>
                    <Button
                      small
                      icon="arrow-up"
                      disabled={i === 0 || busy}
                      aria-label={t('adminTraining.up')}
                      onClick={() => void move(i, i - 1)}
                      data-testid={`admin-training-up-${r.problemId}`}
                    />
                    <Button
                      small
                      icon="arrow-down"
                      disabled={i === rows.length - 1 || busy}
                      aria-label={t('adminTraining.down')}
                      onClick={() => void move(i, i + 1)}
                      data-testid={`admin-training-down-${r.problemId}`}
                    />
                    <Button
                      small
                      intent="danger"
                      icon="cross"
                      aria-label={t('adminTraining.remove')}
                      onClick={() => void remove(r.id)}
                      data-testid={`admin-training-remove-${r.problemId}`}
                    />
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </LoadedList>
    </div>
  );
}
