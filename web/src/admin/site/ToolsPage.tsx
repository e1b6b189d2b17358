// Tools* (super admin): the external tool links of the navbar's tools menu.
import { Button, Card, H4, HTMLTable, InputGroup, Intent, NumericInput } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';
import { siteAdminApi } from './api';

export function ToolsPage() {
  const { t } = useTranslation();
  const tools = useLoad(() => siteAdminApi.tools(), []);
  const [draft, setDraft] = useState({ name: '', url: 'https://', seq: 0 });
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      toast.success(t('admin.site.saved'));
      tools.reload();
    } catch {
      // shown by the client
    }
  };
  return (
    <Card data-testid="admin-tools">
      <H4>{t('admin.menu.tools')}</H4>
      <div className="oj-admin-toolbar">
        <InputGroup
          placeholder={t('admin.site.title')}
          value={draft.name}
          onValueChange={(name) => setDraft({ ...draft, name })}
        />
        <InputGroup
          placeholder="https://"
          value={draft.url}
          onValueChange={(url) => setDraft({ ...draft, url })}
        />
        <NumericInput value={draft.seq} onValueChange={(seq) => setDraft({ ...draft, seq })} />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          onClick={() => void run(() => siteAdminApi.createTool(draft))}
        >
          {t('admin.site.create')}
        </Button>
      </div>
      <div className="oj-admin-table-wrap">
        <HTMLTable compact striped>
          <tbody>
            {(tools.data ?? []).map((tool) => (
              <tr key={tool.id}>
                <td>{tool.seq}</td>
                <td>{tool.name}</td>
                <td>
                  <a href={tool.url} target="_blank" rel="noreferrer">
                    {tool.url}
                  </a>
                </td>
                <td>
                  <Button
                    size="small"
                    icon="trash"
                    intent={Intent.DANGER}
                    onClick={() => void run(() => siteAdminApi.deleteTool(tool.id))}
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
