// Website config* (super admin): names and URLs, the register switch, the footer (record and
// project links) and the home carousel (upload, delete).
import {
  Button,
  Card,
  FileInput,
  FormGroup,
  H4,
  H5,
  InputGroup,
  Intent,
  Spinner,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarouselImage, WebConfig } from '@oj/protocol/site/schemas';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';
import { siteAdminApi } from './api';
import { useSiteSave } from './save';

const TEXT_FIELDS = [
  'name',
  'shortName',
  'baseUrl',
  'recordName',
  'recordUrl',
  'projectName',
  'projectUrl',
] as const;

export function ConfPage() {
  const { t } = useTranslation();
  const [cfg, setCfg] = useState<WebConfig | null>(null);
  const [images, setImages] = useState<CarouselImage[]>([]);
  const { busy, save: saveWith } = useSiteSave();
  const [testTo, setTestTo] = useState('');
  const mail = useLoad(() => siteAdminApi.emailConfig(), []);
  const loadImages = () => void siteAdminApi.carousel().then(setImages, () => undefined);
  useEffect(() => {
    void siteAdminApi.webConfig().then(setCfg, () => undefined);
    loadImages();
  }, []);
  if (!cfg) return <Spinner />;
  const save = () => saveWith(() => siteAdminApi.saveWebConfig(cfg));
  return (
    <Card data-testid="admin-conf">
      <H4>{t('admin.menu.conf')}</H4>
      <div className="oj-admin-form-row">
        {TEXT_FIELDS.map((k) => (
          <FormGroup key={k} label={t(`admin.site.web.${k}`)}>
            <InputGroup
              value={cfg[k] ?? ''}
              onValueChange={(v) => setCfg({ ...cfg, [k]: v })}
              data-testid={`conf-${k}`}
            />
          </FormGroup>
        ))}
      </div>
      <FormGroup label={t('admin.site.web.description')}>
        <TextArea
          fill
          value={cfg.description ?? ''}
          onChange={(e) => setCfg({ ...cfg, description: e.target.value })}
        />
      </FormGroup>
      <Switch
        checked={cfg.register}
        label={t('admin.site.web.register')}
        onChange={(e) => setCfg({ ...cfg, register: e.currentTarget.checked })}
        data-testid="conf-register"
      />
      <Button intent={Intent.PRIMARY} loading={busy} onClick={() => void save()} data-testid="conf-save">
        {t('admin.site.save')}
      </Button>

      <H5 style={{ marginTop: 20 }}>{t('admin.site.web.email')}</H5>
      {mail.data && (
        <p data-testid="conf-email">
          {mail.data.delivers
            ? `SMTP ${mail.data.emailHost ?? ''}:${mail.data.emailPort ?? ''} ${mail.data.emailUsername ?? ''} ${mail.data.emailSsl ? 'SSL' : ''} · ${mail.data.emailFrom ?? ''}`
            : t('admin.site.web.noSmtp')}
        </p>
      )}
      <div className="oj-admin-toolbar">
        <InputGroup
          placeholder="name@example.com"
          value={testTo}
          onValueChange={setTestTo}
          data-testid="conf-test-email"
        />
        <Button
          icon="envelope"
          onClick={() =>
            void siteAdminApi.testEmail(testTo.trim()).then(
              () => toast.success(t('admin.site.web.testSent')),
              () => undefined,
            )
          }
        >
          {t('admin.site.web.testEmail')}
        </Button>
      </div>

      <H5 style={{ marginTop: 20 }}>{t('admin.site.web.carousel')}</H5>
      <FileInput
        text={t('admin.site.web.uploadImage')}
        inputProps={{ accept: 'image/*' }}
        onInputChange={(e) => {
          const f = e.currentTarget.files?.[0];
          if (f) void siteAdminApi.uploadCarousel(f).then(loadImages, () => undefined);
        }}
      />
      <div className="oj-admin-toolbar" style={{ marginTop: 8 }}>
        {images.map((img) => (
          <div key={img.id}>
            <img src={img.url} alt="" style={{ height: 80, display: 'block' }} />
            <Button
              size="small"
              icon="trash"
              intent={Intent.DANGER}
              onClick={() => void siteAdminApi.deleteCarousel(img.id).then(loadImages, () => undefined)}
            />
          </div>
        ))}
      </div>
    </Card>
  );
}
