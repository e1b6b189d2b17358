import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { readZip } from '../../zip';
import { parseIcpcPackage } from '../icpc';
import { PackageError } from '../types';
import { packageZip, scoringGroups, validatorWithHeaderFiles } from './fixtures';
import { derivedTimeLimitMs, readTimeLimit } from './time-limit';

const refuse = (why: string): never => {
  throw new PackageError(why);
};
const limits = (yaml: string) => (parseYaml(yaml) as Record<string, unknown> | null) ?? {};
const parse = (files: Parameters<typeof packageZip>[0]) => {
  const raw = packageZip(files);
  return parseIcpcPackage(readZip(raw), raw)[0]!;
};

describe('Kattis time limits (compat K6)', () => {
  it('legacy: slowest accepted × time_multiplier (default 5), whole seconds rounded half up, at least 1 s', () => {
    const rule = readTimeLimit({}, undefined, false, refuse).rule;
    expect(rule).toEqual({ multiplier: 5, resolution: null });
    expect(derivedTimeLimitMs(90, rule)).toBe(1000); // 0.45 s → 1 s (at least 1)
    expect(derivedTimeLimitMs(290, rule)).toBe(1000); // 1.45 s → 1 s
    expect(derivedTimeLimitMs(300, rule)).toBe(2000); // 1.5 s → 2 s
    expect(derivedTimeLimitMs(500, { multiplier: 3, resolution: null })).toBe(2000); // 1.5 → 2
    expect(
      readTimeLimit(limits('time_multiplier: 3\ntime_safety_margin: 4'), undefined, false, refuse).rule,
    ).toEqual({ multiplier: 3, resolution: null });
  });

  it('2023-07: slowest accepted × ac_to_time_limit (default 2), rounded up to time_resolution (default 1 s)', () => {
    const rule = readTimeLimit({}, undefined, true, refuse).rule;
    expect(rule).toEqual({ multiplier: 2, resolution: 1 });
    expect(derivedTimeLimitMs(100, rule)).toBe(1000);
    expect(derivedTimeLimitMs(510, rule)).toBe(2000); // 1.02 s → 2 s (up, not to the nearest)
    expect(derivedTimeLimitMs(1000, rule)).toBe(2000);
    const fine = readTimeLimit(
      limits('time_resolution: 0.1\ntime_multipliers:\n  ac_to_time_limit: 3\n  time_limit_to_tle: 2'),
      undefined,
      true,
      refuse,
    ).rule;
    expect(fine).toEqual({ multiplier: 3, resolution: 0.1 });
    expect(derivedTimeLimitMs(100, fine)).toBe(300); // 0.3 s exactly: not 0.4
    expect(derivedTimeLimitMs(101, fine)).toBe(400);
    expect(derivedTimeLimitMs(10, fine)).toBe(100); // one step at least
    expect(derivedTimeLimitMs(50_000, fine)).toBe(60_000); // the judge's maximum
  });

  it('.timelimit wins over limits.time_limit; malformed values refuse the package', () => {
    expect(readTimeLimit(limits('time_limit: 3'), '2.5\n', true, refuse).fixedMs).toBe(2500);
    expect(readTimeLimit(limits('time_limit: 3'), undefined, true, refuse).fixedMs).toBe(3000);
    expect(readTimeLimit({}, undefined, true, refuse).fixedMs).toBeNull();
    expect(() => readTimeLimit({}, 'soon', false, refuse)).toThrow(/\.timelimit/);
    expect(() => readTimeLimit(limits('time_multiplier: -1'), undefined, false, refuse)).toThrow(
      /time_multiplier/,
    );
    expect(() => readTimeLimit(limits('time_multipliers: 2'), undefined, true, refuse)).toThrow(
      /time_multipliers/,
    );
  });

  it('a package without a limit is marked for derivation, with the 1 s default until it is derived', () => {
    const p = parse(scoringGroups());
    expect(p.values.time_limit).toBe(1000);
    expect(p.timeLimitFromAccepted).toEqual({ multiplier: 5, resolution: null });
    const fixed = parse(validatorWithHeaderFiles());
    expect(fixed.values.time_limit).toBe(2000);
    expect(fixed.timeLimitFromAccepted).toBeUndefined();
  });

  it('memory: limits.memory, else 2048 MiB (2023-07) or 1024 MiB (legacy, problemtools)', () => {
    expect(parse(scoringGroups()).values.memory_limit).toBe(1024);
    expect(parse(validatorWithHeaderFiles()).values.memory_limit).toBe(512);
  });
});
