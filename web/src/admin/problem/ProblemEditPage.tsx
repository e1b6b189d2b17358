// /admin/problem/create and /admin/problem/edit/:problemId (the problem's numeric id): loads what
// the form needs and saves through POST/PUT /api/admin/problem.
import { Card, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { useLoad } from '../../shell/useLoad';
import { toast } from '../../shell/toaster';
import { useSession } from '../../store/session';
import { problemApi } from './api';
import { draftOf, emptyDraft } from './form-rules';
import { ProblemForm } from './ProblemForm';

export function ProblemEditPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const params = useParams<{ problemId?: string }>();
  const pid = params.problemId ? Number(params.problemId) : null;
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
    const problem = await problemApi.get(pid);
    const [cases, ptags, plangs, templates] = await Promise.all([
      problemApi.cases(pid, problem.isUploadCase === true),
      problemApi.tags(pid),
      problemApi.problemLanguages(pid),
      problemApi.templates(pid),
    ]);
    const draft = draftOf(problem, {
      cases,
      tags: ptags.map((x) => x.name),
      languageIds: plangs.map((l) => l.id),
      templates,
    });
    return { languages, tags, draft };
  }, [pid]);
  if (loaded.loading) return <Spinner />;
  if (!loaded.data) return <NonIdealState icon="error" title={t('error.server')} />;
  return (
    <Card data-testid="admin-problem-edit">
      <H4>{pid === null ? t('admin.problem.createTitle') : t('admin.problem.editTitle')}</H4>
      <ProblemForm
        initial={loaded.data.draft}
        languages={loaded.data.languages}
        tagNames={loaded.data.tags.map((x) => x.name)}
        onSave={async (dto) => {
          if (pid === null) await problemApi.create(dto);
          else await problemApi.update(dto);
          toast.success(t('admin.problem.saved'));
          navigate('/admin/problems');
        }}
      />
    </Card>
  );
}
