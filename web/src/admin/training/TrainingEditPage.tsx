// /admin/training/create and /admin/training/:trainingId/edit: every field of a training, its
// category, the private password and the rank's show name.
import { Button, FormGroup, H3, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';
import { TextField, useSaving } from '../contest/parts';
import { adminTrainingApi, type TrainingAdminAdapter, type TrainingForm } from './api';

const EMPTY: TrainingForm = {
  title: '',
  description: '',
  auth: 'Public',
  privatePwd: '',
  status: true,
  rank: 0,
  rankShowName: 'username',
};

export function TrainingEditPage() {
  const params = useParams<{ trainingId?: string }>();
  const [, navigate] = useLocation();
  const tid = params.trainingId ? Number(params.trainingId) : null;
  return <TrainingEditor adapter={adminTrainingApi} tid={tid} onSaved={() => navigate('/admin/training')} />;
}

const noCategories = () => Promise.resolve([]);

/**
 * Every field of a training, its category, the private password and the rank's show name. With
 * an adapter that lists no categories (a group's), the category is typed by name.
 */
export function TrainingEditor({
  adapter,
  tid,
  onSaved,
}: {
  adapter: TrainingAdminAdapter;
  tid: number | null;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TrainingForm>(EMPTY);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [categoryName, setCategoryName] = useState('');
  const pick = adapter.categories !== undefined;
  const categories = useLoad(adapter.categories ?? noCategories, [adapter]);
  const { busy, run } = useSaving();
  useEffect(() => {
    if (tid === null) return;
    void adapter.get(tid).then(
      ({ training, trainingCategory }) => {
        setForm({
          id: training.id,
          title: training.title,
          description: training.description,
          auth: training.auth === 'Private' ? 'Private' : 'Public',
          privatePwd: training.privatePwd ?? '',
          status: training.status,
          rank: training.rank,
          rankShowName: training.rankShowName,
        });
        setCategoryId(trainingCategory?.id ?? null);
        setCategoryName(trainingCategory?.name ?? '');
      },
      () => undefined,
    );
  }, [adapter, tid]);
  const set = <K extends keyof TrainingForm>(k: K, v: TrainingForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const save = async () => {
    if (!form.title.trim()) return toast.warning(t('adminTraining.titleRequired'));
    if (form.auth === 'Private' && !form.privatePwd) return toast.warning(t('adminTraining.pwdRequired'));
    await run(async () => {
      const category = pick
        ? categoryId !== null
          ? { id: categoryId }
          : null
        : categoryName.trim()
          ? { name: categoryName.trim() }
          : null;
      if (tid === null) await adapter.create(form, category);
      else await adapter.update(form, category);
      toast.success(t('adminTraining.saved'));
      onSaved();
    });
  };
  return (
    <div data-testid="admin-training-edit" style={{ maxWidth: 800 }}>
      <H3>{tid === null ? t('adminTraining.create') : t('adminTraining.edit')}</H3>
      <TextField
        label={t('adminTraining.title')}
        id="training-title"
        value={form.title}
        onChange={(v) => set('title', v)}
        testId="admin-training-title"
        required
      />
      <FormGroup label={t('adminTraining.description')} labelFor="training-description">
        <TextArea
          id="training-description"
          fill
          rows={6}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
          data-testid="admin-training-description"
        />
      </FormGroup>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        <FormGroup label={t('adminTraining.auth')} labelFor="training-auth">
          <HTMLSelect
            id="training-auth"
            value={form.auth}
            onChange={(e) => set('auth', e.target.value === 'Private' ? 'Private' : 'Public')}
            data-testid="admin-training-auth"
            options={[
              { value: 'Public', label: t('trainingUi.authPublic') },
              { value: 'Private', label: t('trainingUi.authPrivate') },
            ]}
          />
        </FormGroup>
        {form.auth === 'Private' && (
          <FormGroup label={t('adminTraining.privatePwd')} labelFor="training-pwd" labelInfo="*">
            <InputGroup
              id="training-pwd"
              value={form.privatePwd}
              onChange={(e) => set('privatePwd', e.target.value)}
              data-testid="admin-training-pwd"
            />
          </FormGroup>
        )}
        <FormGroup label={t('adminTraining.rank')} labelFor="training-rank">
          <InputGroup
            id="training-rank"
            type="number"
            value={String(form.rank)}
            onChange={(e) => set('rank', Number(e.target.value) || 0)}
            data-testid="admin-training-rank"
          />
        </FormGroup>
        <FormGroup label={t('adminTraining.category')} labelFor="training-category">
          {pick ? (
            <HTMLSelect
              id="training-category"
              value={categoryId ?? ''}
              onChange={(e) => setCategoryId(e.target.value ? Number(e.target.value) : null)}
              data-testid="admin-training-category"
              options={[
                { value: '', label: t('adminTraining.categoryNone') },
                ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
              ]}
            />
          ) : (
            <InputGroup
              id="training-category"
              value={categoryName}
              onChange={(e) => setCategoryName(e.target.value)}
              data-testid="admin-training-category-name"
            />
          )}
        </FormGroup>
        <FormGroup label={t('adminTraining.rankShowName')} labelFor="training-show-name">
          <HTMLSelect
            id="training-show-name"
            value={form.rankShowName}
            onChange={(e) => set('rankShowName', e.target.value)}
            data-testid="admin-training-show-name"
            options={[
              { value: 'username', label: t('adminTraining.rankShowUsername') },
              { value: 'nickname', label: t('adminTraining.rankShowNickname') },
              { value: 'realname', label: t('adminTraining.rankShowRealname') },
            ]}
          />
        </FormGroup>
      </div>
      <Switch
        checked={form.status}
        label={t('adminTraining.visible')}
        onChange={() => set('status', !form.status)}
        data-testid="admin-training-status"
      />
      <Button intent="primary" loading={busy} onClick={() => void save()} data-testid="admin-training-save">
        {t('adminTraining.save')}
      </Button>
    </div>
  );
}
