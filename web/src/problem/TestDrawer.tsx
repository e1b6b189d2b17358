// Online test: run the editor's code on custom input (≤ 1000 chars), poll the result every 1 s.
import { Button, Callout, Drawer, Tab, Tabs, TabsExpander, TextArea } from '@blueprintjs/core';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import type { TestResultSchema } from '@oj/protocol/submission/schemas';
import type { Static } from '@sinclair/typebox';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/client';
import { StatusText } from '../judge/StatusTag';
import { formatMemory, formatTime } from '../judge/status-meta';
import { toast } from '../shell/toaster';
import { codeProblem, MAX_TEST_INPUT } from './editor-prefs';
import type { Example } from './examples';

type TestResult = Static<typeof TestResultSchema>;

export interface TestDrawerProps {
  open: boolean;
  onClose(): void;
  pid: number;
  type: 'public' | 'contest' | 'group';
  code: string;
  language: string;
  isRemote: boolean;
  examples: Example[];
}

const normalise = (s: string | null) => (s ?? '').replace(/\s+$/gm, '').trim();

/** The 1-based sample whose input and expected output match this run, or 0. */
export function matchedSample(examples: Example[], input: string, output: string | null): number {
  const i = examples.findIndex(
    (e) => normalise(e.input) === normalise(input) && normalise(e.output) === normalise(output),
  );
  return i + 1;
}

export function TestDrawer(props: TestDrawerProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'case' | 'result'>('case');
  const [input, setInput] = useState(props.examples[0]?.input ?? '');
  const [expected, setExpected] = useState(props.examples[0]?.output ?? '');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  // Esc closes the drawer wherever the focus is (the editor behind it keeps focus after a click).
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  useEffect(() => {
    if (!props.open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [props.open]);

  const run = async () => {
    const problem = codeProblem(props.code);
    if (problem) return toast.warning(t(problem));
    if (!input.trim()) return toast.warning(t('editor.testInputEmpty'));
    if (input.length > MAX_TEST_INPUT) return toast.warning(t('editor.testInputTooLong'));
    setRunning(true);
    setResult(null);
    setTab('result');
    let key: string;
    try {
      key = await http.post('/api/submit-problem-test-judge', {
        pid: props.pid,
        type: props.type,
        code: props.code,
        language: props.language,
        userInput: input,
        expectedOutput: expected,
        isRemoteJudge: props.isRemote,
      });
    } catch {
      setRunning(false);
      return;
    }
    const poll = async () => {
      try {
        const r = await http.get('/api/get-test-judge-result', { testJudgeKey: key }, { quiet: true });
        if (
          r.status === JudgeStatus.PENDING ||
          r.status === JudgeStatus.COMPILING ||
          r.status === JudgeStatus.JUDGING
        ) {
          timer.current = setTimeout(() => void poll(), 1000);
          return;
        }
        setResult(r);
      } catch {
        // a failed poll stops polling
      }
      setRunning(false);
    };
    timer.current = setTimeout(() => void poll(), 1000);
  };

  const sample = result ? matchedSample(props.examples, input, result.userOutput) : 0;
  return (
    <Drawer
      isOpen={props.open}
      onClose={props.onClose}
      position="bottom"
      canEscapeKeyClose
      size="60%"
      title={t('editor.onlineTest')}
    >
      <div className="oj-test-drawer" data-testid="test-drawer">
        <Tabs selectedTabId={tab} onChange={(id) => setTab(id as 'case' | 'result')}>
          <Tab
            id="case"
            title={t('editor.testCase')}
            panel={
              <div>
                <div className="oj-filters">
                  {props.examples.map((ex, i) => (
                    <Button
                      key={i}
                      small
                      onClick={() => {
                        setInput(ex.input);
                        setExpected(ex.output);
                      }}
                    >
                      {t('editor.useSample', { n: i + 1 })}
                    </Button>
                  ))}
                </div>
                <label>
                  {t('editor.testInput')} ({input.length}/{MAX_TEST_INPUT})
                </label>
                <TextArea
                  rows={5}
                  value={input}
                  maxLength={MAX_TEST_INPUT}
                  onChange={(e) => setInput(e.currentTarget.value)}
                  data-testid="test-input"
                />
                <label>{t('editor.expectedOutput')}</label>
                <TextArea rows={4} value={expected} onChange={(e) => setExpected(e.currentTarget.value)} />
              </div>
            }
          />
          <Tab
            id="result"
            title={t('editor.testResult')}
            panel={
              <div data-testid="test-result">
                {!result && !running && <Callout>{t('editor.nonTestTips')}</Callout>}
                {running && <Callout intent="primary">{t('editor.running')}</Callout>}
                {result && result.status === JudgeStatus.NOT_SUBMITTED && (
                  <Callout>{t('editor.nonTestTips')}</Callout>
                )}
                {result && result.status !== JudgeStatus.NOT_SUBMITTED && (
                  <div>
                    <StatusText status={result.status} testId="test-status" /> {formatTime(result.time)}{' '}
                    {formatMemory(result.memory)}
                    {sample > 0 && (
                      <div className="oj-status-ac">{t('editor.passedSample', { n: sample })}</div>
                    )}
                    {result.status === JudgeStatus.COMPILE_ERROR && (
                      <Callout intent="warning">{t('editor.compileFailed')}</Callout>
                    )}
                    <label>{t('editor.userOutput')}</label>
                    <pre className="oj-code">{result.userOutput ?? ''}</pre>
                    {result.stderr && (
                      <>
                        <label>{t('editor.stderr')}</label>
                        <pre className="oj-code">{result.stderr}</pre>
                      </>
                    )}
                  </div>
                )}
              </div>
            }
          />
          <TabsExpander />
          <Button
            intent="primary"
            icon="play"
            loading={running}
            onClick={() => void run()}
            data-testid="test-run"
          >
            {t('editor.run')}
          </Button>
        </Tabs>
      </div>
    </Drawer>
  );
}
