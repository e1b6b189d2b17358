/**
 * Precompiled bits/stdc++.h (issue #18): built per C++ flag set, bound into the sandbox at
 * /pch, and actually used by the compile commands (g++ -H marks a used header with "!").
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import { LANGUAGES, pchVariants, warmPrecompiledHeaders } from '../src/languages/index';
import { defaultPchDir, Workspace } from '../src/sandbox/index';
import { createHarness, submission, testRun, type Harness } from './helpers';

const MIB = 1024 * 1024;
const AB =
  '#include <bits/stdc++.h>\nusing namespace std;\nint main(){long long a,b;cin>>a>>b;cout<<a+b<<"\\n";}\n';
const CPP = LANGUAGES.filter((l) => l.compile?.[0] === '/usr/bin/g++');

let h: Harness;
let ws: Workspace;
beforeAll(async () => {
  h = await createHarness();
  ws = await Workspace.create(join(h.root, 'pch-work'));
  // Built once per machine (kept across runs); slow the first time on a busy machine.
  await warmPrecompiledHeaders(LANGUAGES);
}, 900_000);
afterAll(async () => {
  await ws?.dispose();
  await h?.close();
});

describe('precompiled bits/stdc++.h', () => {
  it('one header per C++ flag set exists, root-owned', () => {
    const files = readdirSync(join(defaultPchDir(), 'bits', 'stdc++.h.gch'));
    for (const v of pchVariants(CPP)) expect(files.some((f) => f.endsWith(`-${v.name}.gch`))).toBe(true);
  });

  for (const lang of CPP) {
    it(`${lang.name}: the sandboxed compile uses it, and A+B is accepted`, async () => {
      const stderr = await h.deps.sandbox.withRun(ws, async ({ dirs, run }) => {
        writeFileSync(join(dirs.w, lang.src), AB);
        const err = join(dirs.io, 'stderr');
        const r = await run({
          argv: [...lang.compile!, '-H'],
          env: lang.compileEnv ?? {},
          limits: {
            cpuMs: 10000,
            wallMs: 30000,
            memoryBytes: 512 * MIB,
            stackBytes: 64 * MIB,
            pids: 64,
            fileSizeBytes: 64 * MIB,
          },
          stdio: { stdout: join(dirs.io, 'stdout'), stderr: err },
        });
        expect(r.exitCode).toBe(0);
        return readFileSync(err, 'utf8');
      });
      // g++ lists the candidates it rejected ("x") and the one it used ("!").
      expect(stderr).toMatch(/^! \/pch\/bits\/stdc\+\+\.h\.gch\/\S+\.gch$/m);
      expect(stderr).not.toMatch(/^\. .*bits\/stdc\+\+\.h$/m);
      const judged = await h.judge(
        submission({
          language: lang.name,
          code: AB,
          testCases: [{ caseId: 1, input: '1 2\n', output: '3\n', score: 0, groupNum: 1 }],
        }),
      );
      expect(judged.status).toBe(S.ACCEPTED);
    });
  }

  it('a program including something else first still compiles (the real header is found)', async () => {
    const code = `#include <cstdio>\n${AB}`;
    const judged = await h.judge(
      submission({
        language: 'C++ 17',
        code,
        testCases: [{ caseId: 1, input: '1 2\n', output: '3\n', score: 0, groupNum: 1 }],
      }),
    );
    expect(judged.status).toBe(S.ACCEPTED);
  });

  it('submissions can read the headers but not change, remove or add any', async () => {
    const dir = '/pch/bits/stdc++.h.gch';
    const name = readdirSync(join(defaultPchDir(), 'bits', 'stdc++.h.gch'))[0]!;
    const code = `#include <stdio.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>
int main(){
  const char*f="${dir}/${name}";
  printf("read=%d ", open(f,O_RDONLY)>=0);
  printf("write=%d ", open(f,O_WRONLY)>=0);
  printf("unlink=%d ", unlink(f)==0);
  printf("rename=%d ", rename(f,"${dir}/x.gch")==0);
  printf("create=%d ", open("${dir}/new.gch",O_WRONLY|O_CREAT,0666)>=0);
  printf("chmod=%d\\n", chmod(f,0777)==0);
  return 0;
}`;
    const before = readdirSync(join(defaultPchDir(), 'bits', 'stdc++.h.gch'));
    const r = await h.judge(testRun({ language: 'C', code, userInput: '' }));
    expect(r.stdout?.trim()).toBe('read=1 write=0 unlink=0 rename=0 create=0 chmod=0');
    expect(readdirSync(join(defaultPchDir(), 'bits', 'stdc++.h.gch'))).toEqual(before);
  });
});
