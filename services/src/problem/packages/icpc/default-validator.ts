// The format's default output validator, with its flags (legacy `validator_flags` and testdata.yaml
// `output_validator_flags`, 2023-07 `output_validator_args`): `case_sensitive`,
// `space_change_sensitive`, `float_absolute_tolerance X`, `float_relative_tolerance X`,
// `float_tolerance X` (both). The runner compares as that validator does when a default-mode task
// carries the flags (judge-runner/src/judge/token-compare.ts); the problem keeps them as the words
// the package gave, in its judge extra files under VALIDATOR_FLAGS_FILE (no column of their own),
// and the judge port (problem/port.ts) turns them into the task's `outputValidatorFlags`.
import type { OutputValidatorFlags } from '@oj/protocol/judge/schemas';
import { PackageError } from '../types';

/** Name of the judge extra file that holds a problem's default-validator flags. */
export const VALIDATOR_FLAGS_FILE = 'kattis-validator-flags';

type Parsed = { flags: OutputValidatorFlags } | { error: string };

function read(args: string[]): Parsed {
  const flags: OutputValidatorFlags = { caseSensitive: false, spaceChangeSensitive: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const number = () => {
      const v = Number(args[++i]);
      return args[i] !== undefined && Number.isFinite(v) && v >= 0 ? v : null;
    };
    if (a === 'case_sensitive') flags.caseSensitive = true;
    else if (a === 'space_change_sensitive') flags.spaceChangeSensitive = true;
    else if (
      a === 'float_tolerance' ||
      a === 'float_absolute_tolerance' ||
      a === 'float_relative_tolerance'
    ) {
      const v = number();
      if (v === null) return { error: `默认校验器参数 ${a} 缺少非负数值` };
      if (a !== 'float_relative_tolerance') flags.floatAbsoluteTolerance = v;
      if (a !== 'float_absolute_tolerance') flags.floatRelativeTolerance = v;
    } else return { error: `默认校验器不支持参数 ${a}` };
  }
  return { flags };
}

/** The flags from the package's argument list; anything else refuses the package. */
export function parseValidatorFlags(args: string[], title: string): OutputValidatorFlags {
  const r = read(args);
  if ('error' in r) throw new PackageError(`[${title}] ${r.error}，无法如实导入！`);
  return r.flags;
}

/**
 * The flags stored with a problem (the words of VALIDATOR_FLAGS_FILE), or null when they are not
 * ones the default validator knows (the problem form refuses to save such words).
 */
export function storedValidatorFlags(text: string): OutputValidatorFlags | null {
  const r = read(text.split(/\s+/).filter(Boolean));
  return 'error' in r ? null : r.flags;
}
