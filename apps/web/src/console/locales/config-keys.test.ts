/**
 * The configuration pages build some keys from the contract's values (`rewards.rule.<rule>`, `levels.kind.<kind>`,
 * `airdrops.state.<state>`), which the type check cannot follow: a value the contract gains must bring its label.
 */
import { describe, expect, it } from 'vitest';
import { airdropsApi, communityApi, REWARD_RULES } from '@reef/contract';
import { CONSOLE_LANGUAGES } from '../i18n';

const built = [
  ...REWARD_RULES.map((rule) => `rewards.rule.${rule}`),
  ...communityApi.PURCHASE_KIND_KEYS.map((kind) => `levels.kind.${kind}`),
  ...airdropsApi.AIRDROP_STATES.map((state) => `airdrops.state.${state}`),
];

describe.each(Object.entries(CONSOLE_LANGUAGES))('the configuration pages’ labels in %s', (_, strings) => {
  it.each(built)('%s', (key) => {
    expect((strings as Record<string, string>)[key]?.trim()).toBeTruthy();
  });
});
