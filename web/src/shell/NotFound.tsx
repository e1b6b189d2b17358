import { Button, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { DIGIT_STEP_MS, digitsAt, isSettled } from './not-found-digits';

export default function NotFound() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (isSettled(step)) return;
    const timer = setTimeout(() => setStep((s) => s + 1), DIGIT_STEP_MS);
    return () => clearTimeout(timer);
  }, [step]);
  const digits = digitsAt(step);
  return (
    <div className="oj-not-found" data-testid="not-found">
      <div className="oj-not-found__digits" aria-label="404" role="img">
        {digits.map((d, i) => (
          <span key={i} className="oj-not-found__digit" aria-hidden="true">
            {d}
          </span>
        ))}
      </div>
      <p>{t('notFound.text')}</p>
      <div className="oj-not-found__actions">
        <Button
          intent={Intent.PRIMARY}
          icon="home"
          onClick={() => navigate('/home')}
          data-testid="not-found-home"
        >
          {t('notFound.goHome')}
        </Button>
        <Button icon="arrow-left" onClick={() => window.history.back()} data-testid="not-found-back">
          {t('notFound.back')}
        </Button>
      </div>
    </div>
  );
}
