// The documented per-address budgets are the code's defaults (issue #23 item 16: docs/compat.md
// said 10 mails per address while the code allowed 30). Read from the documents themselves, so
// a later change of either side fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const readDoc = (name: string) => readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8');

/** The row of a markdown table whose first cell is `key` (e.g. "X15"). */
function tableRow(doc: string, key: string): string {
  const row = doc.split('\n').find((line) => line.startsWith(`| ${key} |`));
  if (!row) throw new Error(`no row ${key}`);
  return row;
}

describe('documented address limits', () => {
  const defaults = loadConfig({}).ipLimits;

  it('docs/compat.md X15 states the default mail budget per client address', () => {
    const row = tableRow(readDoc('docs/compat.md'), 'X15');
    const stated = /(\d+) per 10 minutes \(`OJ_MAILS_PER_IP`\)/.exec(row);
    expect(stated?.[1]).toBeDefined();
    expect(Number(stated?.[1])).toBe(defaults.mailsPer10Minutes);
  });

  it("the README's configuration table states the login and mail defaults", () => {
    const row = tableRow(readDoc('README.md'), '`OJ_LOGINS_PER_IP`, `OJ_MAILS_PER_IP`');
    const stated = /\|\s*(\d+), (\d+)\s*\|/.exec(row.slice(row.indexOf('`OJ_MAILS_PER_IP`')));
    expect(stated?.slice(1, 3).map(Number)).toEqual([defaults.loginsPerMinute, defaults.mailsPer10Minutes]);
  });
});
