// Tags and tag classifications (root / problem admin): classifications by rank, tags with their
// colour and classification; create, edit, delete.
import {
  Button,
  Card,
  H4,
  H5,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NumericInput,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/client';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';

export function TagsPage() {
  const { t } = useTranslation();
  const tags = useLoad(() => http.get('/api/get-all-problem-tags', { oj: 'ME' }), []);
  const classes = useLoad(() => http.get('/api/admin/tag/classification', { oj: 'ME' }), []);
  const [tag, setTag] = useState({ name: '', color: '#409eff', tcid: 0 });
  const [cls, setCls] = useState({ name: '', rank: 0 });
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      toast.success(t('admin.site.saved'));
      tags.reload();
      classes.reload();
    } catch {
      // shown by the client
    }
  };
  const classOptions = [
    { value: 0, label: '-' },
    ...(classes.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  return (
    <Card data-testid="admin-tags">
      <H4>{t('admin.menu.problemTag')}</H4>
      <H5>{t('admin.problem.classifications')}</H5>
      <div className="oj-admin-toolbar">
        <InputGroup
          placeholder={t('admin.site.title')}
          value={cls.name}
          onValueChange={(name) => setCls({ ...cls, name })}
        />
        <NumericInput value={cls.rank} onValueChange={(rank) => setCls({ ...cls, rank })} />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          onClick={() => void run(() => http.post('/api/admin/tag/classification', { ...cls, oj: 'ME' }))}
        >
          {t('admin.site.create')}
        </Button>
      </div>
      <div className="oj-admin-table-wrap">
        <HTMLTable compact striped>
          <tbody>
            {(classes.data ?? []).map((c) => (
              <tr key={c.id}>
                <td>{c.rank}</td>
                <td>{c.name}</td>
                <td>
                  <Button
                    size="small"
                    icon="trash"
                    intent={Intent.DANGER}
                    onClick={() =>
                      void run(() => http.delete('/api/admin/tag/classification', { tcid: c.id }))
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <H5 style={{ marginTop: 16 }}>{t('admin.problem.tags')}</H5>
      <div className="oj-admin-toolbar">
        <InputGroup
          placeholder={t('admin.site.title')}
          value={tag.name}
          onValueChange={(name) => setTag({ ...tag, name })}
          data-testid="tag-name"
        />
        <input
          type="color"
          value={tag.color}
          onChange={(e) => setTag({ ...tag, color: e.target.value })}
          aria-label="colour"
        />
        <HTMLSelect
          value={tag.tcid}
          onChange={(e) => setTag({ ...tag, tcid: Number(e.currentTarget.value) })}
          options={classOptions}
        />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          onClick={() =>
            void run(() =>
              http.post('/api/admin/tag', {
                name: tag.name,
                color: tag.color,
                oj: 'ME',
                ...(tag.tcid ? { tcid: tag.tcid } : {}),
              }),
            )
          }
          data-testid="tag-create"
        >
          {t('admin.site.create')}
        </Button>
      </div>
      <div className="oj-admin-table-wrap">
        <HTMLTable compact striped>
          <tbody>
            {(tags.data ?? []).map((row) => (
              <tr key={row.id}>
                <td>
                  <Tag style={{ background: row.color ?? undefined }}>{row.name}</Tag>
                </td>
                <td>
                  <HTMLSelect
                    value={row.tcid ?? 0}
                    options={classOptions}
                    onChange={(e) =>
                      void run(() =>
                        http.put('/api/admin/tag', { ...row, tcid: Number(e.currentTarget.value) || null }),
                      )
                    }
                  />
                </td>
                <td>
                  <Button
                    size="small"
                    icon="trash"
                    intent={Intent.DANGER}
                    onClick={() => void run(() => http.delete('/api/admin/tag', { tid: row.id }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </Card>
  );
}
