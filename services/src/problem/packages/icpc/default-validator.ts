// The format's default output validator, with its flags (legacy `validator_flags`, 2023-07
// `output_validator_args`): tokens split on whitespace (space, \f, \n, \r, \t, \v), compared
// case-insensitively unless `case_sensitive`, whitespace ignored unless `space_change_sensitive`
// (then every whitespace run must match exactly), answer tokens that parse as numbers compared
// within `float_absolute_tolerance` / `float_relative_tolerance` (`float_tolerance` both) when one
// is set. Made as a C++ special judge of this judge's protocol (input user_output answer; exit
// 0 accept, 102 wrong answer, 103 judge error).
import { PackageError } from '../types';

export interface DefaultValidatorFlags {
  caseSensitive: boolean;
  spaceChangeSensitive: boolean;
  absolute: number | null;
  relative: number | null;
}

/** The flags from the argument list; anything else refuses the package. */
export function parseValidatorFlags(args: string[], title: string): DefaultValidatorFlags {
  const flags: DefaultValidatorFlags = {
    caseSensitive: false,
    spaceChangeSensitive: false,
    absolute: null,
    relative: null,
  };
  const number = (i: number, name: string) => {
    const v = Number(args[i]);
    if (args[i] === undefined || !Number.isFinite(v) || v < 0)
      throw new PackageError(`[${title}] 默认校验器参数 ${name} 缺少非负数值！`);
    return v;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === 'case_sensitive') flags.caseSensitive = true;
    else if (a === 'space_change_sensitive') flags.spaceChangeSensitive = true;
    else if (a === 'float_tolerance') flags.absolute = flags.relative = number(++i, a);
    else if (a === 'float_absolute_tolerance') flags.absolute = number(++i, a);
    else if (a === 'float_relative_tolerance') flags.relative = number(++i, a);
    else throw new PackageError(`[${title}] 默认校验器不支持参数 ${a}，无法如实导入！`);
  }
  return flags;
}

/** C++ source of the default validator with these flags. */
export function defaultValidatorSource(f: DefaultValidatorFlags): string {
  const num = (v: number | null) => (v === null ? '-1.0' : String(v));
  return `// The Kattis default output validator (flags fixed at import).
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
static const bool CASE_SENSITIVE = ${f.caseSensitive};
static const bool SPACE_CHANGE_SENSITIVE = ${f.spaceChangeSensitive};
static const double ABS_TOL = ${num(f.absolute)}, REL_TOL = ${num(f.relative)};
static bool space(int c) { return c == ' ' || c == '\\f' || c == '\\n' || c == '\\r' || c == '\\t' || c == '\\v'; }
static std::string slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "cannot open %s\\n", path); exit(103); }
  std::string s; char buf[65536]; size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
  fclose(f);
  return s;
}
// tokens and, before each token and at the end, the whitespace run
static void split(const std::string &s, std::vector<std::string> &tok, std::vector<std::string> &ws) {
  size_t i = 0;
  while (true) {
    size_t j = i;
    while (j < s.size() && space((unsigned char)s[j])) j++;
    ws.push_back(s.substr(i, j - i));
    if (j >= s.size()) break;
    size_t k = j;
    while (k < s.size() && !space((unsigned char)s[k])) k++;
    tok.push_back(s.substr(j, k - j));
    i = k;
  }
}
static bool parse(const std::string &t, double &v) {
  if (t.empty()) return false;
  char *end = nullptr;
  v = strtod(t.c_str(), &end);
  return end && *end == 0 && std::isfinite(v);
}
static bool same(const std::string &a, const std::string &b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); i++) {
    unsigned char x = a[i], y = b[i];
    if (x != y && (CASE_SENSITIVE || std::tolower(x) != std::tolower(y))) return false;
  }
  return true;
}
int main(int argc, char **argv) {
  if (argc < 4) return 103;
  std::string out = slurp(argv[2]), ans = slurp(argv[3]);
  std::vector<std::string> ot, ow, at, aw;
  split(out, ot, ow);
  split(ans, at, aw);
  for (size_t i = 0; i < at.size() && i < ot.size(); i++) {
    if (SPACE_CHANGE_SENSITIVE && ow[i] != aw[i]) { fprintf(stderr, "Space change error before token %zu\\n", i + 1); return 102; }
    double a, s;
    if ((ABS_TOL >= 0 || REL_TOL >= 0) && parse(at[i], a)) {
      if (!parse(ot[i], s)) { fprintf(stderr, "Expected float, got: %.100s (token %zu)\\n", ot[i].c_str(), i + 1); return 102; }
      double d = std::fabs(s - a);
      if (!((ABS_TOL >= 0 && d <= ABS_TOL) || (REL_TOL >= 0 && d <= REL_TOL * std::fabs(a)))) {
        fprintf(stderr, "Too large difference at token %zu: judge %.100s, team %.100s\\n", i + 1, at[i].c_str(), ot[i].c_str());
        return 102;
      }
    } else if (!same(ot[i], at[i])) {
      fprintf(stderr, "Wrong answer on token %zu: judge %.100s, team %.100s\\n", i + 1, at[i].c_str(), ot[i].c_str());
      return 102;
    }
  }
  if (ot.size() != at.size()) {
    fprintf(stderr, ot.size() < at.size() ? "User EOF while judge had more output\\n" : "Trailing output\\n");
    return 102;
  }
  if (SPACE_CHANGE_SENSITIVE && ow.back() != aw.back()) { fprintf(stderr, "Space change error at the end\\n"); return 102; }
  return 0;
}
`;
}
