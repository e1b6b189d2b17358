/**
 * The language table (reference/judge.md §2.1), adapted to Debian 12 toolchains.
 * Commands run inside the sandbox with /w as the working directory.
 */
import { PCH_INCLUDE } from './pch';

export interface CompileLimits {
  cpuMs: number;
  wallMs: number;
  memoryMb: number;
}

export interface LanguageDef {
  /** Name as submitted (HOJ names). */
  name: string;
  /** Source file name written into /w. */
  src: string;
  /** Artefact the run command uses, produced by the compile (or the source itself). */
  exe: string;
  /** Compile argv; absent for interpreted languages (the source is the artefact). */
  compile?: string[];
  compileLimits?: CompileLimits;
  compileEnv?: Record<string, string>;
  /** Run argv; `{args}` is replaced by checker arguments for SPJ/interactor entries. */
  run: string[];
  /**
   * Run argv sized from the run's limits, for runtimes that cannot see the sandbox's cgroup
   * and would size themselves from the host's memory (the JVM). Absent: `run`.
   */
  runFor?: (limits: RunSizing) => string[];
  /**
   * The runtime's own report (on stderr) of running out of the memory it was sized to: the
   * program exceeded its memory limit, judged MLE rather than RE.
   */
  outOfMemory?: RegExp;
  runEnv: Record<string, string>;
  /** Binaries that must exist for the language to be advertised. */
  requires: string[];
  /** C and C++ run with the problem limits; every other language gets 2× time and memory (judge.md §2.2). */
  native: boolean;
}

/** What a runtime may be sized from: the judged memory limit (already doubled) and the stack. */
export interface RunSizing {
  memoryLimitMb: number;
  stackLimitMb: number;
}

/** The run command for these limits. */
export function runArgv(lang: LanguageDef, sizing: RunSizing): string[] {
  return lang.runFor ? lang.runFor(sizing) : lang.run;
}

/**
 * The JVM sizes its heap from the host's RAM (it cannot read the sandbox's cgroup): with 24 GB
 * it lets the young generation grow to hundreds of MB before a first collection, all of it
 * counted as the program's memory. So the heap is bounded by the judged limit, starts small,
 * and the serial collector (one thread, smallest footprint) keeps it near the live data;
 * no perf-data file (it would be a tmpfs page charged to the run); class space is reserved
 * small. The main thread's stack is the problem's stack limit.
 */
export function javaRunArgv(s: RunSizing): string[] {
  const heap = Math.max(16, Math.floor(s.memoryLimitMb));
  const initial = Math.max(8, Math.min(64, Math.floor(heap / 8)));
  return [
    '/usr/bin/java',
    '-Dfile.encoding=UTF-8',
    '-XX:+UseSerialGC',
    `-Xms${initial}m`,
    `-Xmx${heap}m`,
    `-Xss${Math.max(1, Math.floor(s.stackLimitMb))}m`,
    '-XX:CompressedClassSpaceSize=64m',
    '-XX:MaxMetaspaceSize=256m',
    '-XX:-UsePerfData',
    '-jar',
    '/w/Main.jar',
  ];
}

/** javac and jar are JVMs too: bounded heap, serial GC, quick JIT (a compile is short). */
const JAVAC_JVM = '-J-Xmx384m -J-XX:+UseSerialGC -J-XX:TieredStopAtLevel=1 -J-XX:-UsePerfData';

/**
 * The Java compile: the source's top-level public class names the program, whatever it is (as on
 * Kattis and DOMjudge); the source is compiled under that class's file name and the jar's entry
 * point is that class. No public class: Main.
 */
const JAVA_PUBLIC_CLASS = String.raw`s/^[[:space:]]*public[[:space:]]\{1,\}\(\(final\|abstract\|strictfp\)[[:space:]]\{1,\}\)*class[[:space:]]\{1,\}\([A-Za-z_$][A-Za-z0-9_$]*\).*/\3/p`;
export const JAVA_COMPILE_SCRIPT = [
  `cls=$(sed -n '${JAVA_PUBLIC_CLASS}' Main.java | head -n 1)`,
  '[ -n "$cls" ] || cls=Main',
  '[ "$cls" = Main ] || cp Main.java "$cls.java"',
  `javac ${JAVAC_JVM} -encoding utf-8 "$cls.java" && jar ${JAVAC_JVM} -cfe Main.jar "$cls" *.class`,
].join('\n');

const LOCALE = { LANG: 'en_US.UTF-8', LANGUAGE: 'en_US:en', LC_ALL: 'en_US.UTF-8' };
const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
export const DEFAULT_ENV = { PATH, ...LOCALE, HOME: '/w' };
const PYTHON_ENV = { ...LOCALE, PYTHONIOENCODING: 'utf-8', HOME: '/w' };
const GO_COMPILE_ENV = {
  GOCACHE: '/w/.gocache',
  GOPATH: '/w/go',
  PATH,
  ...LOCALE,
  HOME: '/w',
  GO111MODULE: 'off',
};
const GO_RUN_ENV = { GOCACHE: 'off', GODEBUG: 'madvdontneed=1', PATH, ...LOCALE, HOME: '/w' };

const C_LIMITS: CompileLimits = { cpuMs: 5000, wallMs: 10000, memoryMb: 256 };
const CPP_LIMITS: CompileLimits = { cpuMs: 10000, wallMs: 20000, memoryMb: 512 };
const SMALL_LIMITS: CompileLimits = { cpuMs: 5000, wallMs: 10000, memoryMb: 256 };
const BIG_LIMITS: CompileLimits = { cpuMs: 5000, wallMs: 10000, memoryMb: 512 };

function gcc(name: string, std: string, o2: boolean): LanguageDef {
  return {
    name,
    src: 'main.c',
    exe: 'main',
    compile: [
      '/usr/bin/gcc',
      '-DONLINE_JUDGE',
      ...(o2 ? ['-O2'] : []),
      '-w',
      '-fmax-errors=1',
      `-std=${std}`,
      'main.c',
      '-lm',
      '-o',
      'main',
    ],
    compileLimits: C_LIMITS,
    compileEnv: DEFAULT_ENV,
    run: ['/w/main'],
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/gcc'],
    native: true,
  };
}

function gxx(name: string, std: string, o2: boolean): LanguageDef {
  return {
    name,
    src: 'main.cpp',
    exe: 'main',
    compile: [
      '/usr/bin/g++',
      PCH_INCLUDE,
      '-DONLINE_JUDGE',
      ...(o2 ? ['-O2'] : []),
      '-w',
      '-fmax-errors=1',
      `-std=${std}`,
      'main.cpp',
      '-lm',
      '-o',
      'main',
    ],
    compileLimits: CPP_LIMITS,
    compileEnv: DEFAULT_ENV,
    run: ['/w/main'],
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/g++'],
    native: true,
  };
}

/** Byte-compile to a fixed name so the interpreter's cache tag (cpython-311, pypy39) does not matter. */
function pythonLike(name: string, bin: string): LanguageDef {
  return {
    name,
    src: 'main.py',
    exe: 'main.pyc',
    compile: [
      bin,
      '-c',
      "import py_compile; py_compile.compile('/w/main.py', cfile='/w/main.pyc', doraise=True)",
    ],
    compileLimits: SMALL_LIMITS,
    compileEnv: PYTHON_ENV,
    run: [bin, '/w/main.pyc'],
    runEnv: PYTHON_ENV,
    requires: [bin],
    native: false,
  };
}

/**
 * An interpreted language whose "compile" is the interpreter's syntax check (`php -l`,
 * `node --check`, `ruby -c`): a syntax error is a Compile Error with the interpreter's
 * message, as for compiled languages; the artefact is the checked source itself.
 */
function interpreted(name: string, src: string, run: string[], check: string[]): LanguageDef {
  return {
    name,
    src,
    exe: src,
    compile: [...check, src],
    compileLimits: SMALL_LIMITS,
    compileEnv: DEFAULT_ENV,
    run,
    runEnv: DEFAULT_ENV,
    requires: [run[0]!],
    native: false,
  };
}

/**
 * Runtimes that size themselves (GHC's RTS, SBCL's dynamic space) get their heap from the judged
 * memory limit: a little under it, so running out is the runtime's own report (judged MLE) and
 * not the cgroup's kill, and never more than the limit whatever the host has.
 */
function heapMb(s: RunSizing, share: number, floor: number): number {
  return Math.max(floor, Math.floor(s.memoryLimitMb * share));
}

/**
 * GHC programs are linked with -rtsopts so the run can size the RTS: -M bounds the heap (the
 * RTS reports "Heap exhausted" instead of growing until the cgroup kills it), -K the Haskell
 * stack (it lives on the heap: the problem's stack limit, as for C).
 */
export function haskellRunArgv(s: RunSizing): string[] {
  return [
    '/w/main',
    '+RTS',
    `-M${heapMb(s, 0.9, 16)}m`,
    `-K${Math.max(1, Math.floor(s.stackLimitMb))}m`,
    '-RTS',
  ];
}

/**
 * SBCL reserves its dynamic space up front (8 GB by default on Debian) and collects only when a
 * nursery fills: sized from the limit, a program that keeps more live data than it may ends in
 * "Heap exhausted" (MLE). The core itself needs ~40 MB, hence the floor. The control stack is
 * the problem's stack limit.
 */
export function lispRunArgv(s: RunSizing): string[] {
  return [
    '/usr/bin/sbcl',
    '--dynamic-space-size',
    `${heapMb(s, 0.9, 64)}MB`,
    '--control-stack-size',
    `${Math.max(2, Math.floor(s.stackLimitMb))}MB`,
    '--script',
    '/w/main.fasl',
  ];
}

/**
 * The Lisp compile: compile-file to a fasl; a reader error or an ERROR/WARNING the compiler
 * caught (failure-p) is a Compile Error with SBCL's own report. The fasl is what runs.
 */
export const LISP_COMPILE_FORM = [
  '(handler-case',
  ' (multiple-value-bind (out warnings-p failure-p)',
  '   (compile-file "/w/main.lisp" :output-file "/w/main.fasl")',
  '   (declare (ignore warnings-p))',
  '   (sb-ext:exit :code (if (and out (not failure-p)) 0 1) :abort t))',
  ' (error (e) (format *error-output* "~a~%" e) (sb-ext:exit :code 1 :abort t)))',
].join('\n');

/** Compiling Haskell runs GHC and its linker: the slowest compile of the table. */
const GHC_LIMITS: CompileLimits = { cpuMs: 30000, wallMs: 60000, memoryMb: 1024 };

export const LANGUAGES: LanguageDef[] = [
  gcc('C', 'c11', false),
  gcc('C With O2', 'c11', true),
  gxx('C++', 'c++14', false),
  gxx('C++ With O2', 'c++14', true),
  gxx('C++ 17', 'c++17', false),
  gxx('C++ 17 With O2', 'c++17', true),
  gxx('C++ 20', 'c++2a', false),
  gxx('C++ 20 With O2', 'c++2a', true),
  {
    name: 'Java',
    src: 'Main.java',
    exe: 'Main.jar',
    compile: ['/bin/sh', '-c', JAVA_COMPILE_SCRIPT],
    compileLimits: { cpuMs: 10000, wallMs: 20000, memoryMb: 512 },
    compileEnv: DEFAULT_ENV,
    run: javaRunArgv({ memoryLimitMb: 256, stackLimitMb: 128 }),
    runFor: javaRunArgv,
    outOfMemory:
      /java\.lang\.OutOfMemoryError: (Java heap space|GC overhead limit exceeded|Requested array size)/,
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/javac', '/usr/bin/jar', '/usr/bin/java'],
    native: false,
  },
  pythonLike('Python3', '/usr/bin/python3'),
  pythonLike('PyPy3', '/usr/bin/pypy3'),
  {
    name: 'Golang',
    src: 'main.go',
    exe: 'main',
    compile: ['/usr/bin/go', 'build', '-o', 'main', 'main.go'],
    compileLimits: { cpuMs: 10000, wallMs: 20000, memoryMb: 512 },
    compileEnv: GO_COMPILE_ENV,
    run: ['/w/main'],
    runEnv: GO_RUN_ENV,
    requires: ['/usr/bin/go'],
    native: false,
  },
  {
    name: 'C#',
    src: 'Main.cs',
    exe: 'main',
    compile: ['/usr/bin/mcs', '-optimize+', '-out:main', 'Main.cs'],
    compileLimits: BIG_LIMITS,
    compileEnv: DEFAULT_ENV,
    run: ['/usr/bin/mono', '/w/main'],
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/mcs', '/usr/bin/mono'],
    native: false,
  },
  interpreted('PHP', 'main.php', ['/usr/bin/php', '/w/main.php'], ['/usr/bin/php', '-l']),
  interpreted('JavaScript Node', 'main.js', ['/usr/bin/node', '/w/main.js'], ['/usr/bin/node', '--check']),
  interpreted('Ruby', 'main.rb', ['/usr/bin/ruby', '/w/main.rb'], ['/usr/bin/ruby', '-c']),
  {
    name: 'Rust',
    src: 'main.rs',
    exe: 'main',
    compile: ['/usr/bin/rustc', '-O', '-o', 'main', 'main.rs'],
    compileLimits: { cpuMs: 10000, wallMs: 20000, memoryMb: 512 },
    compileEnv: DEFAULT_ENV,
    run: ['/w/main'],
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/rustc'],
    native: false,
  },
  {
    name: 'Pascal',
    src: 'main.pas',
    exe: 'main',
    // -Sg: goto allowed; -XS: linked statically (the program needs nothing from the host).
    compile: ['/usr/bin/fpc', '-O2', '-Sg', '-XS', '-dONLINE_JUDGE', '-omain', 'main.pas'],
    compileLimits: { cpuMs: 10000, wallMs: 20000, memoryMb: 512 },
    compileEnv: DEFAULT_ENV,
    run: ['/w/main'],
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/fpc'],
    native: false,
  },
  {
    name: 'Haskell',
    src: 'main.hs',
    exe: 'main',
    compile: ['/usr/bin/ghc', '-O2', '-rtsopts', '-v0', '-o', 'main', 'main.hs'],
    compileLimits: GHC_LIMITS,
    compileEnv: DEFAULT_ENV,
    run: haskellRunArgv({ memoryLimitMb: 256, stackLimitMb: 128 }),
    runFor: haskellRunArgv,
    outOfMemory: /Heap exhausted/,
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/ghc'],
    native: false,
  },
  {
    name: 'OCaml',
    src: 'main.ml',
    exe: 'main',
    compile: ['/usr/bin/ocamlopt', '-o', 'main', 'main.ml'],
    compileLimits: { cpuMs: 10000, wallMs: 20000, memoryMb: 512 },
    compileEnv: DEFAULT_ENV,
    run: ['/w/main'],
    outOfMemory: /exception Out_of_memory/,
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/ocamlopt'],
    native: false,
  },
  {
    name: 'Common Lisp',
    src: 'main.lisp',
    exe: 'main.fasl',
    compile: [
      '/usr/bin/sbcl',
      '--noinform',
      '--non-interactive',
      '--no-sysinit',
      '--no-userinit',
      '--eval',
      LISP_COMPILE_FORM,
    ],
    compileLimits: { cpuMs: 10000, wallMs: 20000, memoryMb: 512 },
    compileEnv: DEFAULT_ENV,
    run: lispRunArgv({ memoryLimitMb: 256, stackLimitMb: 128 }),
    runFor: lispRunArgv,
    outOfMemory: /Heap exhausted/,
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/sbcl'],
    native: false,
  },
  interpreted('Perl', 'main.pl', ['/usr/bin/perl', '/w/main.pl'], ['/usr/bin/perl', '-c']),
  {
    ...interpreted('Lua', 'main.lua', ['/usr/bin/lua5.4', '/w/main.lua'], ['/usr/bin/luac5.4', '-p']),
    requires: ['/usr/bin/lua5.4', '/usr/bin/luac5.4'],
  },
  {
    name: 'Fortran',
    src: 'main.f90',
    exe: 'main',
    compile: ['/usr/bin/gfortran', '-O2', '-fmax-errors=1', 'main.f90', '-o', 'main'],
    compileLimits: C_LIMITS,
    compileEnv: DEFAULT_ENV,
    run: ['/w/main'],
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/gfortran'],
    native: false,
  },
  {
    // Debian 12's Kotlin is 1.3.31 (docs/compat.md): its compiler is a JVM, bounded like javac;
    // the program is a jar with the Kotlin runtime inside, run like Java (same heap sizing).
    name: 'Kotlin',
    src: 'main.kt',
    exe: 'Main.jar',
    compile: [
      '/usr/bin/kotlinc',
      '-J-XX:+UseSerialGC',
      '-J-XX:TieredStopAtLevel=1',
      '-J-XX:-UsePerfData',
      '-nowarn',
      'main.kt',
      '-include-runtime',
      '-d',
      'Main.jar',
    ],
    compileLimits: { cpuMs: 30000, wallMs: 90000, memoryMb: 1024 },
    compileEnv: { ...DEFAULT_ENV, JAVA_OPTS: '-Xmx512m -Xms32m' },
    run: javaRunArgv({ memoryLimitMb: 256, stackLimitMb: 128 }),
    runFor: javaRunArgv,
    outOfMemory:
      /java\.lang\.OutOfMemoryError: (Java heap space|GC overhead limit exceeded|Requested array size)/,
    runEnv: DEFAULT_ENV,
    requires: ['/usr/bin/kotlinc', '/usr/bin/java'],
    native: false,
  },
];

/** Languages of the original that cannot be offered on Debian 12, with the reason. */
export const UNAVAILABLE_BY_DESIGN: { name: string; reason: string }[] = [
  { name: 'Python2', reason: 'no Python 2 interpreter in Debian 12 (bookworm)' },
  { name: 'PyPy2', reason: 'no PyPy 2 in Debian 12 (bookworm)' },
  { name: 'JavaScript V8', reason: 'V8 d8 is not packaged in Debian 12' },
];

/** Checker and interactor compilers (judge.md §2.1 SPJ-C / SPJ-C++). */
export const CHECKER_LANGUAGES: Record<'C' | 'C++' | 'C++17', LanguageDef> = {
  C: {
    ...gcc('SPJ-C', 'c11', true),
    src: 'checker.c',
    exe: 'checker',
    compile: [
      '/usr/bin/gcc',
      '-DONLINE_JUDGE',
      '-O2',
      '-w',
      '-fmax-errors=3',
      '-std=c11',
      'checker.c',
      '-lm',
      '-o',
      'checker',
    ],
    compileLimits: { cpuMs: 10000, wallMs: 20000, memoryMb: 512 },
    run: ['/w/checker'],
  },
  'C++': {
    ...gxx('SPJ-C++', 'c++14', true),
    src: 'checker.cpp',
    exe: 'checker',
    compile: [
      '/usr/bin/g++',
      PCH_INCLUDE,
      '-DONLINE_JUDGE',
      '-O2',
      '-w',
      '-fmax-errors=3',
      '-std=c++14',
      'checker.cpp',
      '-lm',
      '-o',
      'checker',
    ],
    compileLimits: { cpuMs: 15000, wallMs: 30000, memoryMb: 512 },
    run: ['/w/checker'],
  },
  'C++17': {
    ...gxx('SPJ-C++17', 'c++17', true),
    src: 'checker.cpp',
    exe: 'checker',
    compile: [
      '/usr/bin/g++',
      PCH_INCLUDE,
      '-DONLINE_JUDGE',
      '-O2',
      '-w',
      '-fmax-errors=3',
      '-std=c++17',
      'checker.cpp',
      '-lm',
      '-o',
      'checker',
    ],
    compileLimits: { cpuMs: 15000, wallMs: 30000, memoryMb: 512 },
    run: ['/w/checker'],
  },
};

/**
 * "C++ 17", "SPJ-C++", "C++" → the C++ checker compiler; anything C-only → C. "SPJ-C++17" (Kattis
 * output validators imported from packages) → C++17.
 */
export function checkerLanguageFor(name: string): LanguageDef | null {
  if (name === 'SPJ-C++17') return CHECKER_LANGUAGES['C++17'];
  if (/c\+\+|cpp/i.test(name)) return CHECKER_LANGUAGES['C++'];
  if (/(^|[^a-z])c($|[^a-z#])/i.test(name)) return CHECKER_LANGUAGES.C;
  return null;
}
