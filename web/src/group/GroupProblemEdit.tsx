// Group problem create/edit (spec §2.6): the admin problem form of web/src/admin/problem, saved
// through POST/PUT /api/group/problem with the group's id; the display id is edited without the
// group's short-name prefix (the server adds it).
import { Card, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { http } from '../api/client';
import { draftOf, emptyDraft } from '../admin/problem/form-rules';
import { problemApi } from '../admin/problem/api';
import { ProblemForm } from '../admin/problem/ProblemForm';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { useSession } from '../store/session';
import { bareDisplayId } from './rules';

export function GroupProblemEdit({
  gid,
  shortName,
  pid,
}: {
  gid: number;
  shortName: string;
  pid: number | null;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const username = useSession((s) => s.user?.username ?? '');
  const loaded = useLoad(async () => {
    const [languages, tags] = await Promise.all([problemApi.languages(), problemApi.allTags()]);
    if (pid === null)
      return {
        languages,
        tags,
        draft: emptyDraft(
          username,
          languages.map((l) => l.id),
        ),
      };
    const problem = await http.get('/api/group/problem', { pid });
    const [cases, ptags, plangs, templates] = await Promise.all([
      http.get('/api/group/get-problem-cases', { pid }),
      problemApi.tags(pid),
      problemApi.problemLanguages(pid),
      problemApi.templates(pid),
    ]);
    const draft = draftOf(
      { ...problem, problemId: bareDisplayId(String(problem.problemId ?? ''), shortName) },
      { cases, tags: ptags.map((x) => x.name), languageIds: plangs.map((l) => l.id), templates },
    );
    return { languages, tags, draft };
  }, [pid, gid]);
  if (loaded.loading) return <Spinner />;
  if (!loaded.data) return <NonIdealState icon="error" title={t('groupUi.loadFailed')} />;
  return (
    <Card data-testid="group-problem-edit">
      <H4>
        {pid === null ? t('groupUi.createProblem') : t('groupUi.editProblem')} ({shortName.toUpperCase()}…)
      </H4>
      <ProblemForm
        initial={loaded.data.draft}
        languages={loaded.data.languages}
        tagNames={loaded.data.tags.map((x) => x.name)}
        gid={gid}
        compileBase="/api/group"
        onSave={async (dto) => {
          if (pid === null) await http.post('/api/group/problem', dto);
          else await http.put('/api/group/problem', dto);
          toast.success(t('groupUi.updateSuccess'));
          navigate(`/group/${gid}/problem`);
        }}
      />
    </Card>
  );
}
