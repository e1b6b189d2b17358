// Switches* (super admin): the feature switches and limits; a save reloads the site config so this
// tab follows at once (other tabs and processes drop their copy through oj.site.config-changed).
import {
  Button,
  Card,
  FormGroup,
  H4,
  Intent,
  NumericInput,
  Spinner,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REMOTE_ACCOUNT_LISTS,
  SWITCH_FLAGS,
  SWITCH_NUMBERS,
  type SwitchConfig,
} from '@oj/protocol/site/schemas';
import { siteAdminApi } from './api';
import { useSiteSave } from './save';

export function SwitchPage() {
  const { t } = useTranslation();
  const [cfg, setCfg] = useState<SwitchConfig | null>(null);
  const { busy, save: saveWith } = useSiteSave();
  useEffect(() => {
    void siteAdminApi.switches().then(setCfg, () => undefined);
  }, []);
  if (!cfg) return <Spinner />;
  const set = <K extends keyof SwitchConfig>(k: K, v: SwitchConfig[K]) => setCfg({ ...cfg, [k]: v });
  const save = () => saveWith(() => siteAdminApi.saveSwitches(cfg));
  return (
    <Card data-testid="admin-switch">
      <H4>{t('admin.menu.switch')}</H4>
      {SWITCH_FLAGS.map((k) => (
        <Switch
          key={k}
          checked={cfg[k]}
          label={t(`admin.site.switch.${k}`)}
          onChange={(e) => set(k, e.currentTarget.checked)}
          data-testid={`switch-${k}`}
        />
      ))}
      <div className="oj-admin-form-row">
        {SWITCH_NUMBERS.map((k) => (
          <FormGroup key={k} label={t(`admin.site.switch.${k}`)}>
            <NumericInput
              fill
              min={k === 'defaultSubmitInterval' ? undefined : 0}
              value={cfg[k]}
              onValueChange={(n) => set(k, Number.isFinite(n) ? n : 0)}
            />
          </FormGroup>
        ))}
      </div>
      <p className="bp6-text-muted" data-testid="switch-password-hint">
        {t('admin.site.switch.passwordMaskHint')}
      </p>
      <div className="oj-admin-form-row">
        {REMOTE_ACCOUNT_LISTS.map((k) => (
          <FormGroup key={k} label={k}>
            <TextArea
              fill
              rows={2}
              value={cfg[k].join('\n')}
              onChange={(e) =>
                set(
                  k,
                  e.target.value
                    .split('\n')
                    .map((s) => s.trim())
                    .filter(Boolean),
                )
              }
            />
          </FormGroup>
        ))}
      </div>
      <Button intent={Intent.PRIMARY} loading={busy} onClick={() => void save()} data-testid="switch-save">
        {t('admin.site.save')}
      </Button>
    </Card>
  );
}
