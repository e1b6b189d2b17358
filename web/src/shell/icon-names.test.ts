import { describe, expect, it } from 'vitest';
import { BlueprintIcons_16 } from '@blueprintjs/icons/lib/esm/generated/16px/blueprint-icons-16';
import { IconNames, IconNamesSet } from './icon-names';

describe('icon names stand-in', () => {
  it('answers every Blueprint icon name, in both key styles, as the original table does', () => {
    for (const [pascal, kebab] of Object.entries(BlueprintIcons_16)) {
      expect(IconNames[pascal]).toBe(kebab);
      expect(IconNames[kebab.replace(/-/g, '_').toUpperCase()]).toBe(kebab);
      expect(IconNamesSet.has(kebab)).toBe(true);
    }
  });

  it('refuses what cannot be an icon name', () => {
    expect(IconNamesSet.has('Arrow Left')).toBe(false);
    expect(IconNamesSet.has(undefined)).toBe(false);
  });
});
