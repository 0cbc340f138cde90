/**
 * The part of every catalogue that the first screen draws (decision 046): the app shell (tab bar, page states,
 * errors, sign-in), Home's page and the market card on it. A first visit downloads only these keys; the rest of the
 * catalogue loads with the first lazy page or lazy part that needs it (`withFullCatalogue`).
 *
 * Each entry is a top-level section or one key path. `bundle-budget.test.ts` reads the built entry chunk and fails
 * when it uses a key outside this list, so a string added to the shell or Home must be added here too.
 */
export const FIRST_SCREEN_KEYS: readonly string[] = [
  'app',
  'titles',
  'tabs',
  'common',
  'errors',
  'page',
  'auth',
  'home',
  'market',
  'chat.unreadCount',
  'airdrop.history',
];

/** True when `key` (a dotted path) belongs to the first-screen part. */
export function isFirstScreenKey(key: string): boolean {
  return FIRST_SCREEN_KEYS.some((entry) => key === entry || key.startsWith(`${entry}.`));
}

type Tree = { [key: string]: string | Tree };

/** The keys of `catalogue` in one part: 'first' (the first screen) or 'rest' (everything else). */
export function catalogueArea(catalogue: Tree, part: 'first' | 'rest', prefix = ''): Tree {
  const out: Tree = {};
  for (const [name, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') {
      if (isFirstScreenKey(path) === (part === 'first')) out[name] = value;
    } else {
      const inner = catalogueArea(value, part, path);
      if (Object.keys(inner).length > 0) out[name] = inner;
    }
  }
  return out;
}
