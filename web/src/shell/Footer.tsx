import { useTranslation } from 'react-i18next';
import { useSite } from '../store/site';
import { LanguageSwitch } from './LanguageSwitch';
import { siteDescription } from '../site/seeded-content';

export function Footer() {
  const { t } = useTranslation();
  const config = useSite((s) => s.config);
  return (
    <footer className="oj-footer" data-testid="footer">
      <div className="oj-footer__name">{config.name}</div>
      {config.description && (
        <div className="oj-footer__description" data-testid="footer-description">
          {siteDescription(config.description, t)}
        </div>
      )}
      <div className="oj-footer__meta">
        {config.recordName && (
          <a href={config.recordUrl ?? '#'} target="_blank" rel="noreferrer">
            {config.recordName}
          </a>
        )}
        <span>
          {t('shell.poweredBy')}{' '}
          {config.projectUrl ? (
            <a href={config.projectUrl} target="_blank" rel="noreferrer">
              {config.projectName}
            </a>
          ) : (
            config.projectName
          )}
        </span>
        <LanguageSwitch testId="footer-language" />
      </div>
    </footer>
  );
}
