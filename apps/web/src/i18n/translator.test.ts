// The translator (decision 046) on the real catalogues, split by the same plugin as the build.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import deDe from './locales/de-de.json';
import zhTw from './locales/zh-tw.json';

type I18n = typeof import('./index');

/** A fresh copy of the module: nothing loaded, no language chosen. */
async function freshI18n(): Promise<I18n> {
  vi.resetModules();
  return import('./index');
}

describe('translator', () => {
  beforeEach(() => {
    // The one browser global it touches: <html lang>.
    vi.stubGlobal('document', { documentElement: { lang: '' } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads a key as empty before start-up, never as the raw key', async () => {
    const i18n = await freshI18n();
    expect(i18n.t('home.welcome')).toBe('');
    // The lookup started loading the stored language: the key arrives without start-up.
    await i18n.loadFullCatalogue();
    expect(i18n.t('home.welcome')).toBe(zhTw.home.welcome);
  });

  it('starts with the first-screen part only and reads a key of the rest as empty, never as the raw key, until it arrives', async () => {
    const i18n = await freshI18n();
    await i18n.initI18n();
    expect(i18n.currentLanguage()).toBe('zh-tw');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(i18n.t('home.welcome')).toBe(zhTw.home.welcome);
    expect(i18n.t('tabs.mine')).toBe(zhTw.tabs.mine);
    // mine.* is not a first-screen section: empty, and the lookup starts loading the rest.
    expect(i18n.t('mine.language')).toBe('');
    await i18n.loadFullCatalogue();
    expect(i18n.t('mine.language')).toBe(zhTw.mine.language);
    expect(i18n.t('home.welcome')).toBe(zhTw.home.welcome);
  });

  it('fills {{placeholders}}, with or without spaces, and leaves an absent value empty', async () => {
    const i18n = await freshI18n();
    await i18n.initI18n();
    await i18n.loadFullCatalogue();
    expect(i18n.t('paste.copyWhat', { what: 'UID' })).toBe(zhTw.paste.copyWhat.replace('{{what}}', 'UID'));
    expect(i18n.t('home.greeting', { name: 'Ada' })).toBe(zhTw.home.greeting.replace(/\{\{\s*name\s*\}\}/, 'Ada'));
    expect(i18n.t('paste.copyWhat', {})).toBe(zhTw.paste.copyWhat.replace('{{what}}', ''));
  });

  it('reads a key missing from a complete catalogue as the key (the parity test keeps that from happening)', async () => {
    const i18n = await freshI18n();
    await i18n.initI18n();
    await i18n.loadFullCatalogue();
    expect(i18n.t('home.noSuchKey' as Parameters<I18n['t']>[0])).toBe('home.noSuchKey');
  });

  it('switches language with both parts loaded first, tells the listeners once, and sets <html lang>', async () => {
    const i18n = await freshI18n();
    await i18n.initI18n();
    const heard: string[] = [];
    const stop = i18n.onLanguageChanged((code) => heard.push(code));
    await i18n.changeLanguage('de-de');
    expect(i18n.currentLanguage()).toBe('de-de');
    expect(document.documentElement.lang).toBe('de-DE');
    expect(i18n.t('tabs.mine')).toBe(deDe.tabs.mine);
    expect(i18n.t('mine.language')).toBe(deDe.mine.language);
    await i18n.changeLanguage('de-de');
    stop();
    await i18n.changeLanguage('zh-tw');
    expect(heard).toEqual(['de-de']);
    expect(i18n.t('mine.language')).toBe(zhTw.mine.language);
  });
});
