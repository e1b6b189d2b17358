// Sample cases of a submission (issue #26.3): input, expected output and the user's output with
// the first difference highlighted. Only sample cases carry these texts (the server sends them
// to those who may read the case results); each is the first 4 KiB.
import type { SampleIOSchema } from '@oj/protocol/judge/schemas';
import type { Static } from '@sinclair/typebox';
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { StatusText } from './StatusTag';
import { firstDifference, splitAtDifference } from './sample-diff';

/** A sample (or visible) case's texts; `visible`: the setter marked it, it is no statement example. */
export type SampleIO = Static<typeof SampleIOSchema>;

export interface SampleCase {
  /** 1-based case number as the case list shows it. */
  n: number;
  status: number;
  sampleIO: SampleIO;
}

function SampleCaseView({ c }: { c: SampleCase }) {
  const { t } = useTranslation();
  const { input, expected, output, truncated } = c.sampleIO;
  const diff = firstDifference(expected, output);
  const parts = splitAtDifference(output, diff);
  return (
    <div className="oj-sample-case" data-testid="sample-case">
      <strong>
        {t(c.sampleIO.visible ? 'judge.visibleCase' : 'judge.sampleCase', { n: c.n })}{' '}
        <StatusText status={c.status} />
      </strong>
      {diff ? (
        <div data-testid="sample-diff-where">
          {t('judge.sampleFirstDiff', { line: diff.line, column: diff.column })}
        </div>
      ) : (
        <div data-testid="sample-diff-where">{t('judge.sampleSame')}</div>
      )}
      <div className="oj-sample-grid">
        <div>
          <div className="oj-sample-label">{t('judge.sampleInput')}</div>
          <pre data-testid="sample-input">{input}</pre>
        </div>
        <div>
          <div className="oj-sample-label">{t('judge.sampleExpected')}</div>
          <pre data-testid="sample-expected">{expected}</pre>
        </div>
        <div>
          <div className="oj-sample-label">{t('judge.sampleOutput')}</div>
          <pre data-testid="sample-output">
            {parts.before}
            {diff && (
              <mark className="oj-sample-mark" data-testid="sample-mark" title={t('judge.sampleMark')}>
                {parts.mark === '' ? '\u2205' : parts.mark === '\n' ? '\u21b5\n' : parts.mark}
              </mark>
            )}
            {parts.after}
          </pre>
        </div>
      </div>
      {truncated && <Callout intent="warning">{t('judge.sampleTruncated')}</Callout>}
    </div>
  );
}

export function SampleCases({ cases }: { cases: SampleCase[] }) {
  const { t } = useTranslation();
  if (cases.length === 0) return null;
  return (
    <section data-testid="sample-cases">
      <h3>{t('judge.sampleCases')}</h3>
      {cases.map((c) => (
        <SampleCaseView key={c.n} c={c} />
      ))}
    </section>
  );
}
