// A judge status as a coloured label.
import { useTranslation } from 'react-i18next';
// The status colours live with the judge screens; every screen showing a status needs them.
import './screens.css';
import { statusKey, statusTone } from './status-meta';

export function StatusText({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`oj-status oj-status-${statusTone(status)}`} data-testid={testId} data-status={status}>
      {t(statusKey(status))}
    </span>
  );
}
