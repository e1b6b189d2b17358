// A Kattis output validator (`output_validators/<name>/` legacy, `output_validator/` 2023-07) made
// into this judge's special judge or interactor. Every file of the validator's folder is kept:
// the sources and headers go to the problem's judge extra files (written beside the checker when
// it compiles), the checker itself is a small wrapper that includes every C/C++ source of the
// folder with the validator's `main` renamed. At run time the wrapper makes a feedback directory,
// runs the validator in a child process (`validator input answer feedback_dir [args]`, the team
// output on stdin for a special judge, the team's pipes for an interactor), maps its exit code
// (42 accept → 0, 43 wrong answer → 102, anything else → 103, judge error) and prints
// judgemessage.txt and teammessage.txt on stderr, where this judge reads the case message.
// A Python validator (one .py, or a folder with __main__.py) is embedded in the wrapper and run
// with python3. `build`/`run` scripts and other languages are refused by name.
import { utf8, type ZipEntries } from '../../zip';
import { PackageError } from '../types';

export interface KattisChecker {
  code: string;
  language: 'SPJ-C' | 'SPJ-C++17';
  extraFiles: Record<string, string>;
}

/** Names the judge accepts for a file beside the checker (judge-runner isSafeFileName). */
const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,127}$/;

/** A C/C++ string literal of `s` (UTF-8 bytes; controls, quotes and backslashes as octal escapes). */
export function cString(s: string): string {
  let out = '"';
  for (const b of Buffer.from(s, 'utf8')) {
    if (b < 0x20 || b === 0x22 || b === 0x5c || b === 0x3f || b >= 0x7f)
      out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out}"`;
}

/** The folder's files (relative names) of the output validator, or null when there is none. */
export function validatorFiles(
  entries: ZipEntries,
  root: string,
  title: string,
): { dir: string; files: Map<string, Uint8Array> } | null {
  const keys = [...entries.keys()].filter((n) => n.startsWith(root));
  const folder = (prefix: string) => {
    const files = new Map<string, Uint8Array>();
    for (const n of keys)
      if (n.startsWith(root + prefix)) files.set(n.slice(root.length + prefix.length), entries.get(n)!);
    return files;
  };
  const modern = folder('output_validator/');
  if (modern.size) {
    // 2023-07: one validator, the folder itself (or a single subfolder holding it)
    const tops = new Set([...modern.keys()].map((n) => n.split('/')[0]!));
    if ([...modern.keys()].every((n) => n.includes('/')) && tops.size === 1) {
      const sub = [...tops][0]!;
      return { dir: `output_validator/${sub}/`, files: folder(`output_validator/${sub}/`) };
    }
    return { dir: 'output_validator/', files: modern };
  }
  const legacy = folder('output_validators/');
  if (!legacy.size) return null;
  const programs = new Set([...legacy.keys()].map((n) => (n.includes('/') ? n.split('/')[0]! : n)));
  if (programs.size > 1)
    throw new PackageError(
      `[${title}] output_validators 中有多个输出校验器（${[...programs].join(', ')}），暂不支持！`,
    );
  const name = [...programs][0]!;
  if (legacy.has(name)) return { dir: 'output_validators/', files: new Map([[name, legacy.get(name)!]]) };
  return { dir: `output_validators/${name}/`, files: folder(`output_validators/${name}/`) };
}

/** The checker made from the validator's files; `interactive` keeps the team's pipes on stdin/stdout. */
export function buildKattisChecker(
  files: Map<string, Uint8Array>,
  dir: string,
  opts: { title: string; interactive: boolean; args: string[] },
): KattisChecker {
  const { title } = opts;
  const refuse = (why: string) => {
    throw new PackageError(`[${title}] 输出校验器 ${dir} ${why}，无法如实导入！`);
  };
  if (files.has('build') || files.has('run')) refuse('使用 build/run 脚本（暂不支持）');
  for (const name of files.keys()) {
    if (name.includes('/')) refuse(`含有子目录中的文件 ${name}（暂不支持）`);
    if (!SAFE_NAME.test(name)) refuse(`的文件名 ${name} 不被支持`);
  }
  const names = [...files.keys()].sort();
  const cpp = names.filter((n) => /\.(cpp|cc|cxx|c\+\+|C)$/.test(n));
  const c = names.filter((n) => /\.c$/.test(n));
  const py = names.filter((n) => /\.py$/.test(n));
  const known = /\.(cpp|cc|cxx|c\+\+|C|c|h|hpp|hh|hxx|py|txt|md|in|ans|dat|json|yaml)$|^(README|LICENSE)/;
  const other = names.filter((n) => !known.test(n));
  if (other.length) refuse(`含有不支持语言或用途不明的文件（${other.join(', ')}）`);
  const text = new Map(names.map((n) => [n, utf8(files.get(n)!)]));
  const extraFiles: Record<string, string> = {};
  for (const [n, t] of text) if (t) extraFiles[n] = t;
  if (cpp.length || c.length) {
    if (py.length) refuse('同时含有 C/C++ 与 Python 源文件');
    const lang = cpp.length ? 'SPJ-C++17' : 'SPJ-C';
    const sources = cpp.length ? [...cpp, ...c] : c;
    const mains = sources.filter((n) => /\bmain\s*\(/.test(text.get(n)!));
    if (mains.length !== 1) refuse(mains.length ? `有多个 main（${mains.join(', ')}）` : '没有 main 函数');
    // the main file last: helpers first, as a build of the folder would link them
    const ordered = [...sources.filter((n) => n !== mains[0]), mains[0]!];
    return { code: wrapper(lang, ordered, opts), language: lang, extraFiles };
  }
  if (py.length) {
    const main = py.length === 1 ? py[0]! : py.includes('__main__.py') ? '__main__.py' : null;
    if (!main) refuse('有多个 Python 文件但没有 __main__.py');
    return { code: pythonWrapper(text, main!, opts), language: 'SPJ-C++17', extraFiles: {} };
  }
  return refuse('没有可编译的源文件（C、C++ 或 Python）');
}

/** The part of the wrapper after the validator: feedback dir, child run, exit code mapping. */
function runner(lang: 'C' | 'C++', child: string, opts: { interactive: boolean; args: string[] }): string {
  const args = opts.args.map(cString);
  return `
static const char *oj_kattis_args[] = {${[...args, '0'].join(', ')}};
static void oj_kattis_report(const char *dir, const char *file) {
  char path[4200];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *f = fopen(path, "r");
  if (!f) return;
  char buf[1024];
  size_t n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  if (n) { fwrite(buf, 1, n, stderr); if (buf[n - 1] != '\\n') fputc('\\n', stderr); }
}
int main(int argc, char **argv) {
  /* this judge: checker input user_output answer */
  if (argc < 4) return 103;
  char dir[] = "/tmp/oj-feedback-XXXXXX";
  if (!mkdtemp(dir)) return 103;
  char feedback[64];
  snprintf(feedback, sizeof feedback, "%s/", dir);
  int extra = (int)(sizeof oj_kattis_args / sizeof oj_kattis_args[0]) - 1;
  char **args = ${lang === 'C' ? '(char **)' : '(char **)'}calloc((size_t)(extra + 5), sizeof(char *));
  if (!args) return 103;
  args[0] = argv[0];
  args[1] = argv[1];
  args[2] = argv[3];
  args[3] = feedback;
  for (int i = 0; i < extra; i++) args[4 + i] = (char *)oj_kattis_args[i];
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) return 103;
  if (pid == 0) {
    signal(SIGPIPE, SIG_IGN);
    ${opts.interactive ? '' : 'if (!freopen(argv[2], "r", stdin)) _exit(103);'}
    ${child}
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {}
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  oj_kattis_report(dir, "judgemessage.txt");
  oj_kattis_report(dir, "teammessage.txt");
  if (code != 42 && code != 43) fprintf(stderr, "output validator ended with %s %d\\n", WIFEXITED(status) ? "exit code" : "signal", WIFEXITED(status) ? code : WTERMSIG(status));
  return code == 42 ? 0 : code == 43 ? 102 : 103;
}
`;
}

function wrapper(
  lang: 'SPJ-C' | 'SPJ-C++17',
  sources: string[],
  opts: { interactive: boolean; args: string[] },
): string {
  const head = [
    "/* Kattis output validator wrapped for this judge (see the problem's judge extra files). */",
    lang === 'SPJ-C'
      ? '#define _GNU_SOURCE 1\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>'
      : '#include <cstdio>\n#include <cstdlib>\n#include <cstring>',
    '#include <signal.h>',
    '#include <unistd.h>',
    '#include <sys/types.h>',
    '#include <sys/wait.h>',
    '#include <sys/stat.h>',
    '#define main oj_kattis_validator_main',
    ...sources.map((s) => `#include ${cString(s)}`),
    '#undef main',
  ];
  const call =
    lang === 'SPJ-C'
      ? 'exit(oj_kattis_validator_main(4 + extra, args));'
      : 'exit(oj_kattis_call(oj_kattis_validator_main, 4 + extra, args));';
  const overloads =
    lang === 'SPJ-C'
      ? ''
      : [
          'static int oj_kattis_call(int (*f)(), int, char **) { return f(); }',
          'static int oj_kattis_call(int (*f)(int, char **), int c, char **v) { return f(c, v); }',
          'static int oj_kattis_call(int (*f)(int, const char **), int c, char **v) { return f(c, (const char **)v); }',
        ].join('\n');
  return [...head, overloads, runner(lang === 'SPJ-C' ? 'C' : 'C++', call, opts)].join('\n');
}

/** A C++ program that writes the Python validator's files to a temporary folder and runs python3 on them. */
function pythonWrapper(
  text: Map<string, string>,
  main: string,
  opts: { interactive: boolean; args: string[] },
): string {
  const files = [...text]
    .filter(([n]) => n.endsWith('.py'))
    .map(([n, t]) => `  {${cString(n)}, ${cString(t)}},`);
  const child = `
    char src[] = "/tmp/oj-validator-XXXXXX";
    if (!mkdtemp(src)) _exit(103);
    for (const auto &f : oj_kattis_files) {
      std::string p = std::string(src) + "/" + f.first;
      FILE *out = fopen(p.c_str(), "w");
      if (!out) _exit(103);
      fwrite(f.second.data(), 1, f.second.size(), out);
      fclose(out);
    }
    std::string script = std::string(src) + "/" + ${cString(main)};
    std::vector<char *> pargs = {(char *)"/usr/bin/python3", (char *)script.c_str()};
    for (int i = 1; i < 4 + extra; i++) pargs.push_back(args[i]);
    pargs.push_back(nullptr);
    execv("/usr/bin/python3", pargs.data());
    _exit(103);`;
  return [
    '/* Kattis output validator (Python) wrapped for this judge. */',
    '#include <cstdio>',
    '#include <cstdlib>',
    '#include <string>',
    '#include <utility>',
    '#include <vector>',
    '#include <signal.h>',
    '#include <unistd.h>',
    '#include <sys/types.h>',
    '#include <sys/wait.h>',
    '#include <sys/stat.h>',
    'static const std::vector<std::pair<std::string, std::string>> oj_kattis_files = {',
    ...files,
    '};',
    runner('C++', child, opts),
  ].join('\n');
}
