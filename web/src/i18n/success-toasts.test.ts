// Issue #26 item 7: English success toasts read as English ("Posted", "Group created"), not as a
// verb glued to "successfully" ("Post successfully", "Create Successfully", "Upload_Avatar_Successfully").
import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';

function leaves(obj: object, prefix = ''): [string, unknown][] {
  return Object.entries(obj).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return v && typeof v === 'object' ? leaves(v as object, key) : [[key, v] as [string, unknown]];
  });
}

const CLUMSY =
  /^(Create|Clone|Delete|Add|Post|Save|Update|Like|Cancel Like|Compile|Upload|Register|Rejudge|Send|Disband|Exit|Apply)\b.*[ _]successfully$/i;

describe('English success toasts', () => {
  it('no "<Verb> successfully" texts', () => {
    const clumsy = leaves(enUS).filter(([, v]) => typeof v === 'string' && CLUMSY.test(v));
    expect(clumsy).toEqual([]);
  });
});
