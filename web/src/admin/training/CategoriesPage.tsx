// /admin/training/category: training categories (name and colour): create, edit, delete.
import { Button, ButtonGroup, H3, InputGroup } from '@blueprintjs/core';
import type { TrainingCategory } from '@oj/protocol/training/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedList } from '../../shell/LoadedList';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';
import { AdminTable, useSaving } from '../contest/parts';
import { adminTrainingApi } from './api';

function CategoryRow({ c, reload }: { c: TrainingCategory; reload(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(c.name);
  const [color, setColor] = useState(c.color);
  const { busy, run } = useSaving();
  return (
    <tr data-testid={`admin-category-row-${c.id}`}>
      <td>{c.id}</td>
      <td>
        <InputGroup
          small
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-label={t('adminTraining.categoryName')}
          data-testid={`admin-category-name-${c.id}`}
        />
      </td>
      <td>
        <input
          type="color"
          value={color}
          onChange={(e) => setColor(e.target.value)}
          aria-label={t('adminTraining.color')}
          data-testid={`admin-category-color-${c.id}`}
        />
      </td>
      <td>
        <ButtonGroup>
          <Button
            small
            icon="floppy-disk"
            loading={busy}
            aria-label={t('adminTraining.save')}
            onClick={() =>
              void run(async () => {
                await adminTrainingApi.updateCategory(c.id, name.trim(), color);
                toast.success(t('adminTraining.saved'));
                reload();
              })
            }
            data-testid={`admin-category-save-${c.id}`}
          />
          <Button
            small
            intent="danger"
            icon="trash"
            aria-label={t('adminTraining.delete')}
            onClick={() =>
              void run(async () => {
                await adminTrainingApi.removeCategory(c.id);
                toast.success(t('adminTraining.deleted'));
                reload();
              })
            }
            data-testid={`admin-category-delete-${c.id}`}
          />
        </ButtonGroup>
      </td>
    </tr>
  );
}

export function CategoriesPage() {
  const { t } = useTranslation();
  const list = useLoad(() => adminTrainingApi.categories(), []);
  const [name, setName] = useState('');
  const [color, setColor] = useState('#2d72d2');
  const { busy, run } = useSaving();
  const create = () =>
    run(async () => {
      await adminTrainingApi.createCategory(name.trim(), color);
      toast.success(t('adminTraining.added'));
      setName('');
      list.reload();
    });
  return (
    <div data-testid="admin-training-categories">
      <H3>{t('adminTraining.categories')}</H3>
      <form
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 12 }}
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) void create();
        }}
      >
        <InputGroup
          placeholder={t('adminTraining.categoryName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-testid="admin-category-new-name"
        />
        <input
          type="color"
          value={color}
          onChange={(e) => setColor(e.target.value)}
          aria-label={t('adminTraining.color')}
          data-testid="admin-category-new-color"
        />
        <Button type="submit" intent="primary" icon="add" loading={busy} data-testid="admin-category-create">
          {t('adminTraining.newCategory')}
        </Button>
      </form>
      <LoadedList
        list={list}
        isEmpty={(d) => d.length === 0}
        emptyTitle={t('adminTraining.noCategories')}
        emptyTestId="admin-categories-empty"
      >
        {(data) => (
          <AdminTable
            columns={[
              t('adminTraining.id'),
              t('adminTraining.categoryName'),
              t('adminTraining.color'),
              t('adminTraining.actions'),
            ]}
          >
            {data.map((c) => (
              <CategoryRow key={`${c.id}-${c.name}-${c.color}`} c={c} reload={list.reload} />
            ))}
          </AdminTable>
        )}
      </LoadedList>
    </div>
  );
}
