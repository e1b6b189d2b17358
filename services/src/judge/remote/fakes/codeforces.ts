// A fake Codeforces for the tests (judge.md §6.3): the RCPC anti-bot page, /enter with csrf,
// contest and gym submit forms, the status pages with data-submission-id rows, /data/submitSource
// and /data/judgeProtocol, and problem pages in the real `problem-statement` markup.
// Failure modes: wrong password (login form again), the same code twice ("You have submitted
// exactly the same code before"), a 403 on the submit page once (`forbidNextSubmitPage`), a run
// that never finishes (REMOTE_NEVER in the code), compile errors (#error).
import { createCipheriv, randomBytes } from 'node:crypto';
import {
  COMPILE_ERROR_TEXT,
  redirect,
  startFake,
  verdictOf,
  type FakeRequest,
  type FakeServer,
  type FakeVerdict,
} from './common';

interface Run {
  id: number;
  user: string;
  contest: string;
  index: string;
  programTypeId: string;
  source: string;
  verdict: FakeVerdict;
  looks: number;
}

export interface FakeCodeforces extends FakeServer {
  accounts: Map<string, string>;
  runs: Run[];
  logins: string[];
  /** The next submit page answers 403 once (an expired session). */
  forbidNextSubmitPage: boolean;
}

const KEY = randomBytes(16);
const IV = randomBytes(16);
const PLAIN = randomBytes(16);
const RCPC = PLAIN.toString('hex');

function rcpcPage(): string {
  const c = createCipheriv('aes-128-cbc', KEY, IV);
  c.setAutoPadding(false);
  const sealed = Buffer.concat([c.update(PLAIN), c.final()]).toString('hex');
  return `<html><body>Redirecting... Please, wait.<script type="text/javascript" src="/aes.min.js"></script>
<script>function toNumbers(d){var e=[];d.replace(/(..)/g,function(d){e.push(parseInt(d,16))});return e}
function toHex(){for(var d=[],d=1==arguments.length&&arguments[0].constructor==Array?arguments[0]:arguments,e="",f=0;f<d.length;f++)e+=(16>d[f]?"0":"")+d[f].toString(16);return e.toLowerCase()}
var a=toNumbers("${KEY.toString('hex')}"),b=toNumbers("${IV.toString('hex')}"),c=toNumbers("${sealed}");document.cookie="RCPC="+toHex(slowAES.decrypt(c,2,a,b))+"; expires=Thu, 31-Dec-37 23:55:55 GMT; path=/";document.location.href="/enter";</script></body></html>`;
}

const page = (csrf: string, body: string) =>
  `<!DOCTYPE html><html><head><meta name="X-Csrf-Token" content="${csrf}"/></head><body>${body}</body></html>`;

export const CF_PROBLEM_HTML = (contest: string, index: string) => `<div class="problem-statement">
<div class="header"><div class="title">${index}. Watermelon</div><div class="time-limit"><div class="property-title">time limit per test</div>1 second</div><div class="memory-limit"><div class="property-title">memory limit per test</div>64 megabytes</div><div class="input-file"><div class="property-title">input</div>standard input</div><div class="output-file"><div class="property-title">output</div>standard output</div></div>
<div><p>Pete and Billy bought a watermelon of <span class="tex-span"><i>w</i></span> kilos.</p><p><img class="tex-graphics" src="/predownloaded/${contest}${index}.png" style="max-width: 100.0%;max-height: 100.0%;"/></p></div>
<div class="input-specification"><div class="section-title">Input</div><p>The first line contains <i>w</i> (1 ≤ <i>w</i> ≤ 100).</p></div>
<div class="output-specification"><div class="section-title">Output</div><p>Print <span class="tex-font-style-tt">YES</span> or <span class="tex-font-style-tt">NO</span>.</p></div>
<div class="sample-tests"><div class="section-title">Examples</div><div class="sample-test"><div class="input"><div class="title">Input</div><pre>8
</pre></div><div class="output"><div class="title">Output</div><pre>YES
</pre></div></div></div>
<div class="note"><div class="section-title">Note</div><p>For example, 2 and 6 kilos.</p></div></div>
<div class="roundbox sidebox"><span class="tag-box" style="font-size:1.2rem;" title="Brute force">brute force</span><span class="tag-box" style="font-size:1.2rem;" title="Math">math</span><span class="tag-box" title="Difficulty">*800</span></div>`;

export async function startFakeCodeforces(accounts: Record<string, string>): Promise<FakeCodeforces> {
  const sessions = new Map<string, string>(); // JSESSIONID → handle
  const runs: Run[] = [];
  const logins: string[] = [];
  let nextRun = 100_000;
  const fake = {
    accounts: new Map(Object.entries(accounts)),
    runs,
    logins,
    forbidNextSubmitPage: false,
  } as FakeCodeforces;
  const csrfOf = (sid: string | undefined) => (sid ? `csrf${sid.slice(0, 8)}` : 'csrfanon');

  function status(run: Run): string {
    run.looks++;
    if (run.verdict === 'NEVER' || run.looks < 2) return 'TESTING';
    return { AC: 'OK', WA: 'WRONG_ANSWER', CE: 'COMPILATION_ERROR' }[run.verdict];
  }

  const server = await startFake((req: FakeRequest) => {
    if (req.cookies.RCPC !== RCPC) return { body: rcpcPage() };
    const sid = req.cookies.JSESSIONID;
    const user = sid ? sessions.get(sid) : undefined;
    const csrf = csrfOf(sid);
    const p = req.path;
    if (p === '/enter' && req.method === 'GET') {
      // A new visitor gets its session here, and the form carries that session's token.
      const session = sid ?? randomBytes(12).toString('hex');
      const token = csrfOf(session);
      return {
        body: page(
          token,
          `<form method="post" action="/enter"><input type='hidden' name='csrf_token' value='${token}'/><input name="handleOrEmail"/><input name="password" type="password"/></form>`,
        ),
        headers: sid ? {} : { 'set-cookie': [`JSESSIONID=${session}; Path=/`, '39ce7=CFabc; Path=/'] },
      };
    }
    if (p === '/enter' && req.method === 'POST') {
      if (!sid || req.form.csrf_token !== csrf || !req.form.ftaa || !req.form.bfaa)
        return { status: 403, body: 'csrf' };
      const handle = req.form.handleOrEmail ?? '';
      if (fake.accounts.get(handle) !== req.form.password)
        return {
          body: page(csrf, '<span class="error for__password">Invalid handle/email or password</span>'),
        };
      sessions.set(sid, handle);
      logins.push(handle);
      return redirect('/', [`X-User=${handle}; Path=/`]);
    }
    const submitPage = /^\/(contest|gym)\/(\d+)\/submit$/.exec(p);
    if (submitPage) {
      if (!user) return redirect('/enter');
      if (req.method === 'GET') {
        if (fake.forbidNextSubmitPage) {
          fake.forbidNextSubmitPage = false;
          sessions.delete(sid!);
          return { status: 403, body: 'Forbidden' };
        }
        return {
          body: page(
            csrf,
            `<form class="submit-form"><input type='hidden' name='csrf_token' value='${csrf}'/></form>`,
          ),
        };
      }
      if (req.query.get('csrf_token') !== csrf || req.form.action !== 'submitSolutionFormSubmitted')
        return { status: 403, body: 'csrf' };
      const source = req.form.source ?? '';
      if (runs.some((r) => r.user === user && r.source === source))
        return {
          body: page(
            csrf,
            '<span class="error for__source">You have submitted exactly the same code before</span>',
          ),
        };
      runs.push({
        id: nextRun++,
        user,
        contest: submitPage[2]!,
        index: req.form.submittedProblemIndex ?? '',
        programTypeId: req.form.programTypeId ?? '',
        source,
        verdict: verdictOf(source),
        looks: 0,
      });
      return redirect(`/${submitPage[1]}/${submitPage[2]}/my`);
    }
    const mine = (u: string | undefined) => runs.filter((r) => r.user === u).reverse();
    if (p === '/problemset/status' && user)
      return {
        body: page(
          csrf,
          `<table class="status-frame-datatable">${mine(user)
            .map((r) => `<tr data-submission-id="${r.id}"><td>${r.id}</td></tr>`)
            .join('')}</table>`,
        ),
      };
    const gymMy = /^\/gym\/(\d+)\/my$/.exec(p);
    if (gymMy && user)
      return {
        body: page(
          csrf,
          `<table class="status-frame-datatable">${mine(user)
            .filter((r) => r.contest === gymMy[1])
            .map((r) => {
              const v = status(r);
              return `<tr data-submission-id="${r.id}"><td class="status-cell status-small status-verdict-cell" waiting="${v === 'TESTING'}"><span class='submissionVerdictWrapper' submissionId="${r.id}" submissionVerdict="${v}">x</span></td><td class="time-consumed-cell">${v === 'TESTING' ? 0 : 31} ms</td><td class="memory-consumed-cell">${v === 'TESTING' ? 0 : 3900} KB</td></tr>`;
            })
            .join('')}</table>`,
        ),
      };
    if (p === '/data/submitSource' && req.method === 'POST') {
      if (!user || req.form.csrf_token !== csrf) return { status: 403, body: '' };
      const run = runs.find((r) => String(r.id) === req.form.submissionId && r.user === user);
      if (!run) return { body: '{}' };
      const v = status(run);
      if (v === 'COMPILATION_ERROR')
        return {
          body: JSON.stringify({
            compilationError: 'true',
            waiting: 'false',
            'checkerStdoutAndStderr#1': COMPILE_ERROR_TEXT,
            testCount: '0',
          }),
        };
      const data: Record<string, string> = { waiting: String(v === 'TESTING'), compilationError: 'false' };
      const tests = v === 'TESTING' ? 1 : 2;
      data.testCount = String(tests);
      for (let i = 1; i <= tests; i++) {
        data[`verdict#${i}`] = v === 'TESTING' || i < tests ? (v === 'TESTING' ? 'TESTING' : 'OK') : v;
        data[`timeConsumed#${i}`] = String(15 * i);
        data[`memoryConsumed#${i}`] = String(1024 * 100 * i);
      }
      return { body: JSON.stringify(data) };
    }
    if (p === '/data/judgeProtocol' && req.method === 'POST')
      return { body: JSON.stringify(COMPILE_ERROR_TEXT) };
    const problem =
      /^\/problemset\/problem\/(\d+)\/([A-Z0-9]+)$/.exec(p) ?? /^\/gym\/(\d+)\/problem\/([A-Z0-9]+)$/.exec(p);
    if (problem) {
      if (problem[1] === '404') return { status: 302, headers: { location: '/' } };
      return { body: page(csrf, CF_PROBLEM_HTML(problem[1]!, problem[2]!)) };
    }
    return { status: 404, body: 'not found' };
  });
  return Object.assign(fake, server);
}
