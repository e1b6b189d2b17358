import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import { LANGUAGES, type Language } from '../i18n/language';

const LABELS: Record<Language, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

export function LanguageMenuItems() {
  const { i18n } = useTranslation();
  return (
    <>
      {LANGUAGES.map((lng) => (
        <MenuItem
          key={lng}
          text={LABELS[lng]}
          active={i18n.language === lng}
          roleStructure="listoption"
          selected={i18n.language === lng}
          onClick={() => void changeLanguage(lng)}
          data-testid={`language-${lng}`}
        />
      ))}
    </>
  );
}

export function LanguageSwitch({ testId = 'language-switch' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <PopoverNext
      content={
        <Menu>
          <LanguageMenuItems />
        </Menu>
      }
      placement="bottom-end"
    >
      <Button variant="minimal" icon="translate" aria-label={t('shell.language')} data-testid={testId}>
        {LABELS[i18n.language as Language] ?? i18n.language}
      </Button>
    </PopoverNext>
  );
}
