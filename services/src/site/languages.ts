// The default language rows of the local judge (oj "ME"). Names are exactly the ones
// submissions use (reference/api/core.md §7 submit); seq orders the lists (desc).

export interface DefaultLanguage {
  name: string;
  description: string;
  /** CodeMirror mode of the editor. */
  contentType: string;
  compileCommand: string | null;
  /** A complete A+B program, the example shown for the language. */
  template: string;
  /** Usable for special judges and interactors. */
  isSpj: boolean;
}

const C_AB = `#include <stdio.h>

int main(void) {
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        printf("%lld\\n", a + b);
    }
    return 0;
}
`;

const CPP_AB = `#include <iostream>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    long long a, b;
    while (cin >> a >> b) {
        cout << a + b << '\\n';
    }
    return 0;
}
`;

const JAVA_AB = `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        while (in.hasNextLong()) {
            long a = in.nextLong();
            long b = in.nextLong();
            System.out.println(a + b);
        }
    }
}
`;

const PY3_AB = `import sys

for line in sys.stdin:
    parts = line.split()
    if len(parts) == 2:
        print(int(parts[0]) + int(parts[1]))
`;

const GO_AB = `package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	var a, b int64
	for {
		if _, err := fmt.Fscan(in, &a, &b); err != nil {
			break
		}
		fmt.Println(a + b)
	}
}
`;

const CS_AB = `using System;

public class Program {
    public static void Main() {
        string line;
        while ((line = Console.ReadLine()) != null) {
            string[] parts = line.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);
            if (parts.Length < 2) continue;
            Console.WriteLine(long.Parse(parts[0]) + long.Parse(parts[1]));
        }
    }
}
`;

const PHP_AB = `<?php
while (($line = fgets(STDIN)) !== false) {
    $parts = preg_split('/\\s+/', trim($line));
    if (count($parts) == 2) {
        echo intval($parts[0]) + intval($parts[1]), "\\n";
    }
}
`;

const NODE_AB = `const lines = require('fs').readFileSync(0, 'utf8').split('\\n');
for (const line of lines) {
  const parts = line.trim().split(/\\s+/);
  if (parts.length === 2) console.log(Number(parts[0]) + Number(parts[1]));
}
`;

const RUBY_AB = `STDIN.each_line do |line|
  a, b = line.split.map(&:to_i)
  puts a + b unless b.nil?
end
`;

const RUST_AB = `use std::io::{self, BufRead};

fn main() {
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let line = line.unwrap();
        let nums: Vec<i64> = line.split_whitespace().map(|x| x.parse().unwrap()).collect();
        if nums.len() == 2 {
            println!("{}", nums[0] + nums[1]);
        }
    }
}
`;

const PASCAL_AB = `var
  a, b: int64;
begin
  while not seekeof do
  begin
    read(a, b);
    writeln(a + b);
  end;
end.
`;

const HASKELL_AB = `main :: IO ()
main = interact $ unlines . map solve . lines
  where
    solve line = case map read (words line) :: [Integer] of
      [a, b] -> show (a + b)
      _ -> ""
`;

const OCAML_AB = `let () =
  try
    while true do
      Scanf.scanf " %Ld %Ld" (fun a b -> Printf.printf "%Ld\\n" (Int64.add a b))
    done
  with _ -> ()
`;

const LISP_AB = `(loop for a = (read *standard-input* nil)
      for b = (read *standard-input* nil)
      while (and a b)
      do (format t "~d~%" (+ a b)))
`;

const PERL_AB = `while (my $line = <STDIN>) {
    my ($a, $b) = split ' ', $line;
    print $a + $b, "\\n" if defined $b;
}
`;

const LUA_AB = `while true do
  local a, b = io.read("n", "n")
  if not b then break end
  print(a + b)
end
`;

const FORTRAN_AB = `program main
  implicit none
  integer(kind=8) :: a, b
  integer :: ios
  do
    read (*, *, iostat=ios) a, b
    if (ios /= 0) exit
    print '(I0)', a + b
  end do
end program main
`;

const KOTLIN_AB = `fun main() {
    while (true) {
        val line = readLine() ?: break
        val parts = line.trim().split(Regex("\\\\s+"))
        if (parts.size == 2) println(parts[0].toLong() + parts[1].toLong())
    }
}
`;

const gcc = (std: string, o2: boolean) =>
  `/usr/bin/gcc -DONLINE_JUDGE${o2 ? ' -O2' : ''} -w -fmax-errors=1 -std=${std} main.c -lm -o main`;
const gpp = (std: string, o2: boolean) =>
  `/usr/bin/g++ -DONLINE_JUDGE${o2 ? ' -O2' : ''} -w -fmax-errors=1 -std=${std} main.cpp -lm -o main`;

const cpp = (name: string, std: string, label: string, o2: boolean, isSpj: boolean): DefaultLanguage => ({
  name,
  description: `G++ (${label}${o2 ? ', -O2' : ''})`,
  contentType: 'text/x-c++src',
  compileCommand: gpp(std, o2),
  template: CPP_AB,
  isSpj,
});

/**
 * Languages of the original's list that the judge cannot run on Debian 12 (judge.md §2.4; the
 * runner lists them as unavailable in its heartbeat): not seeded, so no problem offers them
 * (submissions in them ended in System Error). Migration 0015 removes them from existing
 * databases. docs/compat.md SB5.
 */
export const NOT_OFFERED_LANGUAGES: readonly string[] = ['Python2', 'PyPy2', 'JavaScript V8'];

/** In list order: the first gets the highest seq. */
export const DEFAULT_LANGUAGES: readonly DefaultLanguage[] = [
  cpp('C++', 'c++14', 'C++14', false, true),
  cpp('C++ With O2', 'c++14', 'C++14', true, false),
  cpp('C++ 17', 'c++17', 'C++17', false, false),
  cpp('C++ 17 With O2', 'c++17', 'C++17', true, false),
  cpp('C++ 20', 'c++2a', 'C++20', false, false),
  cpp('C++ 20 With O2', 'c++2a', 'C++20', true, false),
  {
    name: 'C',
    description: 'GCC (C11)',
    contentType: 'text/x-csrc',
    compileCommand: gcc('c11', false),
    template: C_AB,
    isSpj: true,
  },
  {
    name: 'C With O2',
    description: 'GCC (C11, -O2)',
    contentType: 'text/x-csrc',
    compileCommand: gcc('c11', true),
    template: C_AB,
    isSpj: false,
  },
  {
    name: 'Python3',
    description: 'Python 3',
    contentType: 'text/x-python',
    compileCommand: '/usr/bin/python3 -m py_compile main.py',
    template: PY3_AB,
    isSpj: false,
  },
  {
    name: 'Java',
    description: 'OpenJDK 17',
    contentType: 'text/x-java',
    compileCommand: '/bin/bash -c "javac -encoding utf-8 Main.java && jar -cvf Main.jar *.class"',
    template: JAVA_AB,
    isSpj: false,
  },
  {
    name: 'Golang',
    description: 'Go',
    contentType: 'text/x-go',
    compileCommand: '/usr/bin/go build -o main main.go',
    template: GO_AB,
    isSpj: false,
  },
  {
    name: 'C#',
    description: 'Mono C#',
    contentType: 'text/x-csharp',
    compileCommand: '/usr/bin/mcs -optimize+ -out:main Main.cs',
    template: CS_AB,
    isSpj: false,
  },
  {
    name: 'PHP',
    description: 'PHP 8',
    contentType: 'text/x-php',
    compileCommand: null,
    template: PHP_AB,
    isSpj: false,
  },
  {
    name: 'PyPy3',
    description: 'PyPy 3',
    contentType: 'text/x-python',
    compileCommand: '/usr/bin/pypy3 -m py_compile main.py',
    template: PY3_AB,
    isSpj: false,
  },
  {
    name: 'JavaScript Node',
    description: 'Node.js',
    contentType: 'text/javascript',
    compileCommand: null,
    template: NODE_AB,
    isSpj: false,
  },
  {
    name: 'Ruby',
    description: 'Ruby',
    contentType: 'text/x-ruby',
    compileCommand: null,
    template: RUBY_AB,
    isSpj: false,
  },
  {
    name: 'Rust',
    description: 'Rust (rustc -O)',
    contentType: 'text/x-rustsrc',
    compileCommand: '/usr/bin/rustc -O -o main main.rs',
    template: RUST_AB,
    isSpj: false,
  },
  // Issue #25 item 4: the languages problem packages and contest users ask for (Debian 12 packages).
  {
    name: 'Pascal',
    description: 'Free Pascal 3.2',
    contentType: 'text/x-pascal',
    compileCommand: '/usr/bin/fpc -O2 -Sg -XS -dONLINE_JUDGE -omain main.pas',
    template: PASCAL_AB,
    isSpj: false,
  },
  {
    name: 'Haskell',
    description: 'GHC 9.0',
    contentType: 'text/x-haskell',
    compileCommand: '/usr/bin/ghc -O2 -rtsopts -o main main.hs',
    template: HASKELL_AB,
    isSpj: false,
  },
  {
    name: 'OCaml',
    description: 'OCaml 4.13 (ocamlopt)',
    contentType: 'text/x-ocaml',
    compileCommand: '/usr/bin/ocamlopt -o main main.ml',
    template: OCAML_AB,
    isSpj: false,
  },
  {
    name: 'Common Lisp',
    description: 'SBCL 2.2',
    contentType: 'text/x-common-lisp',
    compileCommand: '/usr/bin/sbcl --non-interactive --eval \'(compile-file "main.lisp")\'',
    template: LISP_AB,
    isSpj: false,
  },
  {
    name: 'Perl',
    description: 'Perl 5.36',
    contentType: 'text/x-perl',
    compileCommand: null,
    template: PERL_AB,
    isSpj: false,
  },
  {
    name: 'Lua',
    description: 'Lua 5.4',
    contentType: 'text/x-lua',
    compileCommand: null,
    template: LUA_AB,
    isSpj: false,
  },
  {
    name: 'Fortran',
    description: 'GFortran 12 (Fortran 2008)',
    contentType: 'text/x-fortran',
    compileCommand: '/usr/bin/gfortran -O2 main.f90 -o main',
    template: FORTRAN_AB,
    isSpj: false,
  },
  {
    name: 'Kotlin',
    description: 'Kotlin 1.3 (JVM)',
    contentType: 'text/x-kotlin',
    compileCommand: '/usr/bin/kotlinc main.kt -include-runtime -d Main.jar',
    template: KOTLIN_AB,
    isSpj: false,
  },
];
