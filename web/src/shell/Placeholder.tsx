import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Stands in for a page another part of the project has not delivered yet. */
export function Placeholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="page-placeholder">
      <NonIdealState icon="build" title={t(titleKey)} description={t('shell.notBuiltYet')} />
    </div>
  );
}
