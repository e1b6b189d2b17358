// The theme switch of the navbar: system, light or dark (issue #16).
import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useTheme, type ThemeChoice } from './theme';

const CHOICES: { choice: ThemeChoice; icon: 'desktop' | 'flash' | 'moon' }[] = [
  { choice: 'system', icon: 'desktop' },
  { choice: 'light', icon: 'flash' },
  { choice: 'dark', icon: 'moon' },
];

export function ThemeMenuItems() {
  const { t } = useTranslation();
  const choice = useTheme((s) => s.choice);
  const setChoice = useTheme((s) => s.setChoice);
  return (
    <>
      {CHOICES.map((c) => (
        <MenuItem
          key={c.choice}
          icon={c.icon}
          text={t(`theme.${c.choice}`)}
          active={choice === c.choice}
          onClick={() => setChoice(c.choice)}
          data-testid={`theme-${c.choice}`}
        />
      ))}
    </>
  );
}

export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useTheme((s) => s.theme);
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu>
          <ThemeMenuItems />
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon={theme === 'dark' ? 'moon' : 'flash'}
        aria-label={t('theme.label')}
        title={t('theme.label')}
        data-testid="theme-switch"
        data-theme={theme}
      />
    </PopoverNext>
  );
}
