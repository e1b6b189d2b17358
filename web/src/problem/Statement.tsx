// The problem statement: limits, sections as markdown with math, examples with copy buttons.
// The sections come rendered by the server (issue #29: readable without marked or KaTeX's
// script; KaTeX's stylesheet and fonts load as CSS); an answer without them (contest problems)
// renders them here with MathMarkdown, loaded on demand.
import { Button, Dialog, DialogBody, Tag } from '@blueprintjs/core';
import 'katex/dist/katex.min.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../judge/copy';
import { parseExamples } from './examples';
import { shownLimits } from './limits';
import { DifficultyTag } from './DifficultyTag';
import { RemoteBadge } from './RemoteBadge';
import { statementShown } from './statement-first';
import { StatsPie } from './StatsBars';
import type { ProblemDetail, StatementSection as Section } from './types';

const MathMarkdown = lazy(() => import('./MathMarkdown').then((m) => ({ default: m.MathMarkdown })));

/** One markdown section: the server's HTML (sanitised there, under the browser's policy) or rendered here. */
function SectionText({ detail, section }: { detail: ProblemDetail; section: Section }) {
  // a contest problem's answer has none: its markdown is rendered here
  const html = 'statementHtml' in detail ? detail.statementHtml?.[section] : undefined;
  if (html !== undefined) return <div className="oj-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <Suspense fallback={null}>
      <MathMarkdown source={detail.problem[section]} />
    </Suspense>
  );
}

export function Statement({ detail }: { detail: ProblemDetail }) {
  const { t } = useTranslation();
  const [pie, setPie] = useState(false);
  const p = detail.problem;
  const examples = parseExamples(p.examples);
  const base = { timeMs: p.timeLimit, memoryMb: p.memoryLimit };
  const other = shownLimits(p.problemId, 'Java', base);
  const sections: [string, Section][] = [
    ['problem.description', 'description'],
    ['problem.input', 'input'],
    ['problem.output', 'output'],
  ];
  // the editor's chunks are asked for once this is on screen (statement-first.ts)
  useEffect(() => statementShown(), []);
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
          {/* a contest problem hides its difficulty until the end */}
          {p.difficulty !== null && <DifficultyTag difficulty={p.difficulty} />}
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
      {sections.map(([key, section]) =>
        p[section] ? (
          <section key={key}>
            <h3>{t(key)}</h3>
            <SectionText detail={detail} section={section} />
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
          <SectionText detail={detail} section="hint" />
        </section>
      )}
      {p.source && (
        <section>
          <h3>{t('problem.source')}</h3>
          <SectionText detail={detail} section="source" />
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
