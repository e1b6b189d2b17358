// The problem statement: limits, sections as markdown with math, examples with copy buttons.
import { Button, Dialog, DialogBody, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../judge/copy';
import { parseExamples } from './examples';
import { shownLimits } from './limits';
import { MathMarkdown } from './MathMarkdown';
import { DifficultyTag } from './DifficultyTag';
import { RemoteBadge } from './RemoteBadge';
import { StatsPie } from './StatsBars';
import type { ProblemDetail } from './types';

export function Statement({ detail }: { detail: ProblemDetail }) {
  const { t } = useTranslation();
  const [pie, setPie] = useState(false);
  const p = detail.problem;
  const examples = parseExamples(p.examples);
  const base = { timeMs: p.timeLimit, memoryMb: p.memoryLimit };
  const other = shownLimits(p.problemId, 'Java', base);
  const sections: [string, string | null][] = [
    ['problem.description', p.description],
    ['problem.input', p.input],
    ['problem.output', p.output],
  ];
  return (
    <div className="oj-statement" data-testid="problem-statement">
      <h2 data-testid="problem-title">
        {p.problemId} {p.title} <RemoteBadge problemId={p.problemId} isRemote={p.isRemote} />
      </h2>
      {p.type !== 2 && (
        <div className="oj-limits" data-testid="problem-limits">
          <span>
            {t('problem.timeLimit')}: {t('problem.cLimitNote', { time: base.timeMs, time2: other.timeMs })}
          </span>
          <span>
            {t('problem.memoryLimit')}: {t('problem.cMemNote', { mem: base.memoryMb, mem2: other.memoryMb })}
          </span>
          <span>
            {t('problem.ioMode')}:{' '}
            {p.isFileIO
              ? t('problem.fileIO', { read: p.ioReadFileName ?? '', write: p.ioWriteFileName ?? '' })
              : t('problem.stdio')}
          </span>
          <span>
            {t('problem.type')}: {p.type === 1 ? t('problem.typeOI') : t('problem.typeACM')}
          </span>
          {p.author && (
            <span>
              {t('problem.author')}: {p.author}
            </span>
          )}
          <DifficultyTag difficulty={p.difficulty} />
          {detail.tags.map((tag) => (
            <Tag key={tag.id} minimal>
              {tag.name}
            </Tag>
          ))}
          <Button small minimal icon="pie-chart" onClick={() => setPie(true)} data-testid="problem-pie-open">
            {t('problem.statistics')}
          </Button>
        </div>
      )}
      {sections.map(([key, text]) =>
        text ? (
          <section key={key}>
            <h3>{t(key)}</h3>
            <MathMarkdown source={text} />
          </section>
        ) : null,
      )}
      {examples.length > 0 && (
        <section>
          <h3>{t('problem.examples')}</h3>
          {examples.map((ex, i) => (
            <div className="oj-example" key={i} data-testid="problem-example">
              <div>
                <strong>{t('problem.exampleInput', { n: i + 1 })}</strong>{' '}
                <Button
                  small
                  minimal
                  icon="duplicate"
                  aria-label={t('problem.copy')}
                  onClick={() => void copyText(ex.input)}
                />
                <pre>{ex.input}</pre>
              </div>
              <div>
                <strong>{t('problem.exampleOutput', { n: i + 1 })}</strong>{' '}
                <Button
                  small
                  minimal
                  icon="duplicate"
                  aria-label={t('problem.copy')}
                  onClick={() => void copyText(ex.output)}
                />
                <pre>{ex.output}</pre>
              </div>
            </div>
          ))}
        </section>
      )}
      {p.hint && (
        <section>
          <h3>{t('problem.hint')}</h3>
          <MathMarkdown source={p.hint} />
        </section>
      )}
      {p.source && (
        <section>
          <h3>{t('problem.source')}</h3>
          <MathMarkdown source={p.source} />
        </section>
      )}
      <Dialog isOpen={pie} onClose={() => setPie(false)} title={t('problem.pieTitle')}>
        <DialogBody>
          <StatsPie counts={detail.problemCount} />
        </DialogBody>
      </Dialog>
    </div>
  );
}
