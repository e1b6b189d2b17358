// Fakes of HDU, POJ, SPOJ, AtCoder and LibreOJ for the tests, answering login, submit, status and
// problem pages in each judge's markup shape (judge.md §6.3). Verdicts follow markers in the code
// (common.ts); the first look at a run says it is still running. Failure modes per judge: wrong
// password; HDU "Please don't re-submit" (`refuseNext`), AtCoder "Wait for N second"
// (`refuseNext`), LibreOJ a failing first submit (`refuseNext`), SPOJ a 403 on the status call
// (`refuseNext`: the adapter logs in again).
import { randomBytes } from 'node:crypto';
import {
  COMPILE_ERROR_TEXT,
  gbk,
  redirect,
  startFake,
  verdictOf,
  type FakeReply,
  type FakeRequest,
  type FakeServer,
  type FakeVerdict,
} from './common';

export interface FakeRun {
  id: number;
  user: string;
  problem: string;
  language: string;
  code: string;
  verdict: FakeVerdict;
  looks: number;
  /** When the judge first showed the final verdict (ms since epoch; the bench's clock start). */
  finalAt?: number;
}

export interface FakeJudge extends FakeServer {
  accounts: Map<string, string>;
  runs: FakeRun[];
  logins: string[];
  /** The judge's own failure mode, once (see the file comment). */
  refuseNext: boolean;
}

type Look = 'running' | FakeVerdict;

function look(run: FakeRun): Look {
  run.looks++;
  if (run.verdict === 'NEVER' || run.looks < 2) return 'running';
  run.finalAt ??= Date.now();
  return run.verdict;
}

interface Ctx {
  fake: FakeJudge;
  user: string | undefined;
  sid: string | undefined;
  login(user: string): string[];
  addRun(user: string, problem: string, language: string, code: string): FakeRun;
}

async function startJudge(
  handler: (req: FakeRequest, c: Ctx) => FakeReply,
  accounts: Record<string, string>,
): Promise<FakeJudge> {
  const sessions = new Map<string, string>();
  let next = 5000;
  const fake = {
    accounts: new Map(Object.entries(accounts)),
    runs: [],
    logins: [],
    refuseNext: false,
  } as unknown as FakeJudge;
  const server = await startFake((req) => {
    const sid = req.cookies.SID;
    const c: Ctx = {
      fake,
      sid,
      user: sid ? sessions.get(sid) : undefined,
      login(user) {
        const id = randomBytes(8).toString('hex');
        sessions.set(id, user);
        fake.logins.push(user);
        return [`SID=${id}; Path=/`];
      },
      addRun(user, problem, language, code) {
        const run: FakeRun = {
          id: next++,
          user,
          problem,
          language,
          code,
          verdict: verdictOf(code),
          looks: 0,
        };
        fake.runs.push(run);
        return run;
      },
    };
    return handler(req, c);
  });
  return Object.assign(fake, server);
}

const mineNewestFirst = (c: Ctx, problem?: string) =>
  c.fake.runs.filter((r) => r.user === c.user && (!problem || r.problem === problem)).reverse();

// ---------- HDU ----------

const HDU_WORD: Record<Look, string> = {
  running: 'Running',
  AC: 'Accepted',
  WA: 'Wrong Answer',
  CE: 'Compilation Error',
  NEVER: 'Running',
};

/** HDU serves GBK: problem pages name it in a meta tag only, the other pages in Content-Type. */
function hduGbk(reply: FakeReply, path: string): FakeReply {
  if (reply.body === undefined) return reply;
  if (path === '/showproblem.php') {
    const page = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312" /></head><body>${reply.body}</body></html>`;
    return {
      ...reply,
      body: undefined,
      bytes: gbk(page),
      headers: { ...reply.headers, 'content-type': 'text/html' },
    };
  }
  return {
    ...reply,
    body: undefined,
    bytes: gbk(reply.body),
    headers: { ...reply.headers, 'content-type': 'text/html; charset=gb2312' },
  };
}

/** HDU problem 1005 of the fake: a Chinese statement (GBK on the wire). */
export const HDU_CHINESE = { pid: '1005', title: '求和问题（一）', description: '计算两个整数的和。' };

export function startFakeHdu(accounts: Record<string, string>) {
  return startJudge((req, c) => hduGbk(hduPage(req, c), req.path), accounts);
}

function hduPage(req: FakeRequest, c: Ctx): FakeReply {
  const p = req.path;
  if (p === '/') return { body: '<html>HDU Online Judge</html>' };
  if (p === '/userloginex.php' && req.method === 'POST') {
    if (c.fake.accounts.get(req.form.username ?? '') !== req.form.userpass)
      return { body: "<script>alert('No such user or wrong password.');</script>" };
    return redirect('/', c.login(req.form.username!));
  }
  if (p === '/submit.php' && req.method === 'POST') {
    if (!c.user) return redirect('/userloginex.php');
    if (c.fake.refuseNext) {
      c.fake.refuseNext = false;
      return { body: '<script>alert("Please don\'t re-submit in 5 seconds, thank you.");</script>' };
    }
    const code = decodeURIComponent(Buffer.from(req.form._usercode ?? '', 'base64').toString('utf8'));
    c.addRun(c.user, req.form.problemid ?? '', req.form.language ?? '', code);
    return redirect('/status.php');
  }
  if (p === '/status.php') {
    const rows = c.fake.runs
      .filter((r) => r.user === (req.query.get('user') ?? r.user))
      .reverse()
      .filter((r) => !req.query.get('first') || r.id <= Number(req.query.get('first')))
      .map((r) => {
        const v = req.query.get('first') ? look(r) : 'running';
        const done = v !== 'running' && v !== 'NEVER';
        return `<tr align=center ><td height=22px>${r.id}</td><td>2026-11-25 18:00:00</td><td><font color=red>${HDU_WORD[v]}</font></td><td><a href="/showproblem.php?pid=${r.problem}">${r.problem}</a></td><td>${done ? 15 : 0}MS</td><td>${done ? 1736 : 0}K</td><td>200B</td><td>G++</td><td class=fixedsize><a href="/userstatus.php?user=${r.user}">${r.user}</a></td></tr>`;
      })
      .join('');
    return { body: `<table class=table_text>${rows}</table>` };
  }
  if (p === '/viewerror.php') return { body: `<pre>${COMPILE_ERROR_TEXT}</pre>` };
  if (p === '/showproblem.php') {
    if (req.query.get('pid') === '9999')
      return { body: '<div>No such problem - <strong>Problem 9999</strong></div>' };
    const chinese = req.query.get('pid') === HDU_CHINESE.pid;
    return {
      body: `<h1 style='color:#1A5CC8'>${chinese ? HDU_CHINESE.title : 'A + B Problem'}</h1><font><b><span style='font-family:Arial;font-size:12px;font-weight:bold;color:green'>Time Limit: 2000/1000 MS (Java/Others)&nbsp;&nbsp;&nbsp;&nbsp;Memory Limit: 65536/32768 K (Java/Others)<br></span></b></font>
<div class=panel_title align=left>Problem Description</div> <div class=panel_content>${chinese ? HDU_CHINESE.description : 'Calculate <i>A + B</i>.'}<img src=../../data/images/C1000-1.jpg></div><div class=panel_bottom>&nbsp;</div>
<div class=panel_title align=left>Input</div> <div class=panel_content>Each line will contain two integers.</div><div class=panel_bottom>&nbsp;</div>
<div class=panel_title align=left>Output</div> <div class=panel_content>For each case, output A + B in one line.</div><div class=panel_bottom>&nbsp;</div>
<div class=panel_title align=left>Sample Input</div><div class=panel_content><pre><div style="font-family:Courier New,Courier,monospace;">1 1</div></pre></div><div class=panel_bottom>&nbsp;</div>
<div class=panel_title align=left>Sample Output</div><div class=panel_content><pre><div style="font-family:Courier New,Courier,monospace;">2</div></pre></div><div class=panel_bottom>&nbsp;</div>`,
    };
  }
  return { status: 404 };
}

// ---------- POJ ----------

const POJ_WORD: Record<Look, string> = {
  running: 'Running &amp; Judging',
  AC: 'Accepted',
  WA: 'Wrong Answer',
  CE: 'Compile Error',
  NEVER: 'Running &amp; Judging',
};

export function startFakePoj(accounts: Record<string, string>) {
  return startJudge((req, c) => {
    const p = req.path;
    if (p === '/')
      return {
        body: c.user
          ? `<a href=userstatus?user_id=${c.user}>${c.user}</a> <a href=login?action=logout&url=%2F>Log Out</a>`
          : '<form action=login>',
      };
    if (p === '/login' && req.method === 'POST') {
      if (c.fake.accounts.get(req.form.user_id1 ?? '') !== req.form.password1) return redirect('/');
      return redirect('/', c.login(req.form.user_id1!));
    }
    if (p === '/submit' && req.method === 'POST') {
      if (!c.user) return { body: 'Please login first.' };
      const code =
        req.form.encoded === '1'
          ? Buffer.from(req.form.source ?? '', 'base64').toString('utf8')
          : (req.form.source ?? '');
      c.addRun(c.user, req.form.problem_id ?? '', req.form.language ?? '', code);
      return redirect('/status');
    }
    if (p === '/status')
      return {
        body: `<table class=a>${c.fake.runs
          .filter((r) => r.user === req.query.get('user_id'))
          .reverse()
          .map(
            (r) =>
              `<tr align=center><td>${r.id}</td><td><a href=userstatus?user_id=${r.user}>${r.user}</a></td><td><a href=problem?id=${r.problem}>${r.problem}</a></td></tr>`,
          )
          .join('')}</table>`,
      };
    if (p === '/showsource') {
      const r = c.fake.runs.find((x) => String(x.id) === req.query.get('solution_id'));
      if (!r || r.user !== c.user) return { body: 'Error Occurred: no permission' };
      const v = look(r);
      return {
        body: `<table><tr><td><b>Problem:</b> ${r.problem}</td><td><b>Memory:</b> ${v === 'AC' || v === 'WA' ? 384 : 0}K</td><td><b>Time:</b> ${v === 'AC' || v === 'WA' ? 16 : 0}MS</td></tr><tr><td><b>Language:</b> G++</td><td><b>Result:</b> <font color=blue>${POJ_WORD[v]}</font></td></tr></table>`,
      };
    }
    if (p === '/showcompileinfo') return { body: `<pre>${COMPILE_ERROR_TEXT}</pre>` };
    if (p === '/problem') {
      if (req.query.get('id') === '9999') return { body: '<li>Can not find problem (ID:9999)</li>' };
      return {
        body: `<div class="ptt" lang="en-US">A+B Problem</div><div class="plm"><table><tr><td><b>Time Limit:</b> 1000MS</td><td><b>Memory Limit:</b> 10000K</td></tr></table></div>
<p class="pst">Description</p><div class="ptx" lang="en-US">Calculate a+b <img src="images/1000_1.jpg"></div><p class="pst">Input</p><div class="ptx" lang="en-US">Two integer a,b (0&lt;=a,b&lt;=10)</div><p class="pst">Output</p><div class="ptx" lang="en-US">Output a+b</div><p class="pst">Sample Input</p><pre class="sio">1 2</pre><p class="pst">Sample Output</p><pre class="sio">3</pre><p class="pst">Source</p><div class="ptx" lang="en-US"><a href="searchproblem?field=source&key=POJ">POJ</a></div>`,
      };
    }
    return { status: 404 };
  }, accounts);
}

// ---------- SPOJ ----------

const SPOJ_CODE: Record<FakeVerdict, number> = { AC: 15, WA: 14, CE: 11, NEVER: 0 };

export function startFakeSpoj(accounts: Record<string, string>) {
  return startJudge((req, c) => {
    const p = req.path;
    if (p === '/login/' && req.method === 'POST') {
      if (c.fake.accounts.get(req.form.login_user ?? '') !== req.form.password)
        return { body: '<p>Authentication failed! </p>' };
      return redirect('/', c.login(req.form.login_user!));
    }
    if (p === '/submit/complete/' && req.method === 'POST') {
      if (!c.user) return { body: '<input type="hidden" name="newSubmissionId" value="-1"/>' };
      if (req.form.problemcode !== 'TEST')
        return { body: '<p>Wrong problem code!</p><input type="hidden" name="newSubmissionId" value="-1"/>' };
      const run = c.addRun(c.user, req.form.problemcode, req.form.lang ?? '', req.form.file ?? '');
      return {
        body: `<h3>Solution submitted!</h3><input type="hidden" name="newSubmissionId" value="${run.id}"/>`,
      };
    }
    if (p === '/status/ajax=1,ajaxdiff=1' && req.method === 'POST') {
      if (c.fake.refuseNext || !c.user) {
        c.fake.refuseNext = false;
        return { status: 403, body: 'Forbidden' };
      }
      const ids = (req.form.ids ?? '').split(',');
      return {
        body: JSON.stringify(
          c.fake.runs
            .filter((r) => ids.includes(String(r.id)))
            .map((r) => {
              const v = look(r);
              const done = v !== 'running' && v !== 'NEVER';
              return {
                id: r.id,
                status: done ? SPOJ_CODE[v] : 5,
                final: done ? '1' : '0',
                time: done ? '0.01' : '0',
                mem: done ? '5.2M' : '0',
              };
            }),
        ),
      };
    }
    if (/^\/error\/\d+$/.test(p)) return { body: `<small><pre>${COMPILE_ERROR_TEXT}</pre></small>` };
    if (p === '/problems/TEST/')
      return {
        body: `<h2 id="problem-name" class="text-center">TEST - Life, the Universe, and Everything</h2>
<div id="problem-tags"><a href="/problems/tag/basics"><span class="problem-tag">#basics</span></a></div>
<div id="problem-body"><p>Rewrite small numbers from input to output. <img src="/content/test.png"></p><h3>Example</h3><pre><b>Input:</b>
1
2
88
42
99

<b>Output:</b>
1
2
88</pre></div>
<table id="problem-meta"><tr><td>Time limit:</td><td>10s</td></tr><tr><td>Memory limit:</td><td>1536MB</td></tr><tr><td>Languages:</td><td>C CPP14 JAVA PYTHON3</td></tr></table>`,
      };
    if (p.startsWith('/problems/')) return { status: 404, body: 'not found' };
    return { status: 404 };
  }, accounts);
}

// ---------- AtCoder ----------

const AC_LABEL: Record<Look, string> = { running: 'WJ', AC: 'AC', WA: 'WA', CE: 'CE', NEVER: 'Judging' };

export function startFakeAtCoder(accounts: Record<string, string>) {
  return startJudge((req, c) => {
    const p = req.path;
    const csrf = `tok${c.sid ?? 'anon'}`;
    const hidden = `<input type="hidden" name="csrf_token" value="${csrf}" />`;
    if (p === '/login' && req.method === 'GET') {
      if (!c.sid) {
        const cookie = c.login('');
        const sid = /SID=([^;]+)/.exec(cookie[0]!)![1]!;
        c.fake.logins.pop();
        return {
          body: `<form><input type="hidden" name="csrf_token" value="tok${sid}" /></form>`,
          headers: { 'set-cookie': cookie },
        };
      }
      return { body: `<form>${hidden}</form>` };
    }
    if (p === '/login' && req.method === 'POST') {
      if (req.form.csrf_token !== csrf) return { status: 400, body: 'csrf' };
      if (c.fake.accounts.get(req.form.username ?? '') !== req.form.password) return redirect('/login');
      return redirect('/home', c.login(req.form.username!));
    }
    const submit = /^\/contests\/([a-z0-9]+)\/submit$/.exec(p);
    if (submit) {
      if (!c.user) return redirect('/login');
      if (req.method === 'GET') return { body: `<form class="form-code-submit">${hidden}</form>` };
      if (c.fake.refuseNext) {
        c.fake.refuseNext = false;
        return { body: '<div class="alert alert-danger">Wait for 0 second to submit again.</div>' };
      }
      c.addRun(
        c.user,
        req.form['data.TaskScreenName'] ?? '',
        req.form['data.LanguageId'] ?? '',
        req.form.sourceCode ?? '',
      );
      return redirect(`/contests/${submit[1]}/submissions/me`);
    }
    const list = /^\/contests\/([a-z0-9]+)\/submissions$/.exec(p);
    if (list)
      return {
        body: `<table>${mineNewestFirst(
          { ...c, user: req.query.get('f.User') ?? undefined },
          req.query.get('f.Task') ?? undefined,
        )
          .map(
            (r) =>
              `<tr><td>${r.problem}</td><td><a href="/contests/${list[1]}/submissions/${r.id}">Detail</a></td></tr>`,
          )
          .join('')}</table>`,
      };
    const one = /^\/contests\/([a-z0-9]+)\/submissions\/(\d+)$/.exec(p);
    if (one) {
      const r = c.fake.runs.find((x) => String(x.id) === one[2]);
      if (!r) return { status: 404 };
      const v = look(r);
      const done = v === 'AC' || v === 'WA';
      return {
        body: `<table class="table"><tr><th>Task</th><td>${r.problem}</td></tr><tr><th>Status</th><td id="judge-status" class="text-center"><span class='label label-success'>${AC_LABEL[v]}</span></td></tr>${done ? '<tr><th>Exec Time</th><td class="text-center">3 ms</td></tr><tr><th>Memory</th><td class="text-center">3780 KB</td></tr>' : ''}</table>${v === 'CE' ? `<h4>Compile Error</h4>\n<pre>${COMPILE_ERROR_TEXT}</pre>` : ''}`,
      };
    }
    const task = /^\/contests\/([a-z0-9]+)\/tasks\/([a-z0-9_]+)$/.exec(p);
    if (task) {
      if (task[2] === 'abc999_z') return { status: 404 };
      return {
        body: `<span class="h2">A - Product <a class="btn" href="/contests/${task[1]}/editorial">Editorial</a></span>
<p>Time Limit: 2 sec / Memory Limit: 1024 MB</p>
<div id="task-statement"><span class="lang"><span class="lang-ja"><p>日本語</p></span><span class="lang-en">
<div class="part"><section><h3>Problem Statement</h3><p>Given <var>a</var> and <var>b</var>, is their product even? <img src="/img/abc086a.png"></p></section></div>
<div class="part"><section><h3>Constraints</h3><ul><li><var>1 \\leq a,b \\leq 10000</var></li></ul></section></div>
<div class="io-style"><div class="part"><section><h3>Input</h3><p>Input is given as <var>a</var> <var>b</var>.</p></section></div>
<div class="part"><section><h3>Output</h3><p>Print <code>Even</code> or <code>Odd</code>.</p></section></div></div>
<div class="part"><section><h3>Sample Input 1</h3><pre>3 4
</pre></section></div><div class="part"><section><h3>Sample Output 1</h3><pre>Even
</pre></section></div>
</span></span></div>`,
      };
    }
    return { status: 404 };
  }, accounts);
}

// ---------- LibreOJ ----------

const LIBRE_WORD: Record<Look, string> = {
  running: 'Pending',
  AC: 'Accepted',
  WA: 'WrongAnswer',
  CE: 'CompilationError',
  NEVER: 'Pending',
};

export function startFakeLibreOj(accounts: Record<string, string>) {
  const tokens = new Map<string, string>();
  return startJudge((req, c) => {
    const p = req.path.replace(/^\/api/, '');
    const body = (req.json ?? {}) as Record<string, unknown>;
    const json = (x: unknown, status = 200): FakeReply => ({
      status,
      body: JSON.stringify(x),
      headers: { 'content-type': 'application/json' },
    });
    const user = tokens.get(/^Bearer (.+)$/.exec(req.authorization ?? '')?.[1] ?? '');
    if (p === '/auth/login') {
      if (c.fake.accounts.get(String(body.username)) !== body.password)
        return json({ error: 'WrongPassword' });
      const token = randomBytes(8).toString('hex');
      tokens.set(token, String(body.username));
      c.fake.logins.push(String(body.username));
      return json({ token });
    }
    if (p === '/submission/submit') {
      if (!user) return json({ error: 'PermissionDenied' }, 401);
      if (c.fake.refuseNext) {
        c.fake.refuseNext = false;
        return json({ error: 'RateLimited' }, 429);
      }
      const content = body.content as {
        code: string;
        language: string;
        compileAndRunOptions: Record<string, string>;
      };
      const run = c.addRun(
        user,
        String(body.problemId),
        `${content.language}:${JSON.stringify(content.compileAndRunOptions)}`,
        content.code,
      );
      return json({ submissionId: run.id });
    }
    if (p === '/submission/getSubmissionDetail') {
      const r = c.fake.runs.find((x) => String(x.id) === String(body.submissionId));
      if (!r) return json({ error: 'NoSuchSubmission' });
      const v = look(r);
      const done = v === 'AC' || v === 'WA';
      return json({
        meta: { id: r.id, status: LIBRE_WORD[v], timeUsed: done ? 12 : 0, memoryUsed: done ? 2048 : 0 },
        progress:
          v === 'CE'
            ? {
                compile: {
                  success: false,
                  message: `\u001b[01m\u001b[K${COMPILE_ERROR_TEXT}\u001b[m\u001b[K`,
                },
              }
            : {},
      });
    }
    if (p === '/problem/getProblem') {
      if (body.displayId !== 6764) return json({ error: 'NoSuchProblem' });
      return json({
        meta: { id: 41180, displayId: 6764 },
        localizedContentsOfLocale: {
          title: 'A + B',
          contentSections: [
            {
              sectionTitle: 'Description',
              type: 'Text',
              text: 'Compute $a + b$. ![x](https://loj.ac/x.png)',
            },
            { sectionTitle: 'Input Format', type: 'Text', text: 'Two integers.' },
            { sectionTitle: 'Output Format', type: 'Text', text: 'Their sum.' },
            { sectionTitle: 'Sample', type: 'Sample', sampleId: 0, text: '' },
            { sectionTitle: 'Hint', type: 'Text', text: '$|a|,|b| \\le 10^9$' },
          ],
        },
        samples: [{ inputData: '1 2\n', outputData: '3\n' }],
        judgeInfo: { timeLimit: 1000, memoryLimit: 512 },
        tagsOfLocale: [{ name: 'Math' }],
      });
    }
    return json({ error: 'unknown' }, 404);
  }, accounts);
}
