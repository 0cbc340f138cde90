/**
 * The configuration pages build some keys from the contract's values (`rewards.rule.<rule>`, `levels.kind.<kind>`,
 * `airdrops.state.<state>`), which the type check cannot follow: a value the contract gains must bring its label.
 */
import { describe, expect, it } from 'vitest';
import { airdropsApi, communityApi, REWARD_RULES } from '@reef/contract';
import { CONSOLE_CATALOGUE_LOADERS, CONSOLE_LANGUAGES, type ConsoleCatalogue, type ConsoleLanguage } from '../i18n';
import { zhTw } from './zh-tw';

const built = [
  ...REWARD_RULES.map((rule) => `rewards.rule.${rule}`),
  ...communityApi.PURCHASE_KIND_KEYS.map((kind) => `levels.kind.${kind}`),
  ...airdropsApi.AIRDROP_STATES.map((state) => `airdrops.state.${state}`),
];

/** Each language's catalogue as the console gets it: the default is bundled, the others come through their loader. */
const catalogue = (code: ConsoleLanguage): Promise<ConsoleCatalogue> => (code === 'zh-tw' ? Promise.resolve(zhTw) : CONSOLE_CATALOGUE_LOADERS[code]());

describe.each(CONSOLE_LANGUAGES.map((l) => l.code))('the configuration pages’ labels in %s', (code) => {
  it.each(built)('%s', async (key) => {
    const strings: Record<string, string> = await catalogue(code);
    expect(strings[key]?.trim()).toBeTruthy();
  });
});
