/**
 * Splits each language's catalogue in two at build time (decision 046): `locales/<code>.json?part=first` holds the
 * keys the first screen draws (`src/i18n/first-screen.ts`), `?part=rest` every other key. The locale files stay
 * whole (one file per language, as translators and the key-parity test read them); Vite's JSON plugin turns either
 * part into a module, so each becomes a chunk of its own.
 */
import fs from 'node:fs/promises';
import type { Plugin } from 'vite';
import { catalogueArea } from '../src/i18n/first-screen';

const PART = /^(.*\/i18n\/locales\/[\w-]+\.json)\?part=(first|rest)$/;

export function catalogueSplit(): Plugin {
  return {
    name: 'reef:catalogue-split',
    async load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const [, file, part] = match;
      this.addWatchFile(file!);
      const catalogue = JSON.parse(await fs.readFile(file!, 'utf8')) as Parameters<typeof catalogueArea>[0];
      return JSON.stringify(catalogueArea(catalogue, part as 'first' | 'rest'));
    },
  };
}
