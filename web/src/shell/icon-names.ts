// Stands in for @blueprintjs/icons' iconNames module in the build (vite.config.ts): the original
// fills a table of every icon name at load time (~60 kB of code in the entry, issue #16). Names
// here are derived on demand; the icon loader only asks whether a name is valid, and icon names
// are typed (IconName) everywhere in the client.
const toKebab = (key: string) =>
  key.includes('_') || key === key.toUpperCase()
    ? key.toLowerCase().replace(/_/g, '-')
    : key
        .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
        .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
        .toLowerCase();

/** IconNames.ArrowLeft and IconNames.ARROW_LEFT are both "arrow-left", as in the original. */
export const IconNames: Record<string, string> = new Proxy(
  {},
  { get: (_target, key) => (typeof key === 'string' ? toKebab(key) : undefined) },
);

const ICON_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const IconNamesSet = { has: (name: unknown) => typeof name === 'string' && ICON_NAME.test(name) };
