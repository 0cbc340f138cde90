import { useState } from 'react';
import { CONSOLE_LANGUAGES, isConsoleLanguage, setConsoleLanguage, useConsoleLanguage, useT } from '../i18n';

/**
 * The console's language choice, in the menu and on the sign-in page: each language named in itself, so anyone
 * finds theirs whatever the console shows now. The choice shows once its strings are loaded.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const t = useT();
  const language = useConsoleLanguage();
  const [failure, setFailure] = useState<string | null>(null);
  const choose = (value: string) => {
    if (!isConsoleLanguage(value)) return;
    setFailure(null);
    setConsoleLanguage(value).catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  };
  return (
    <>
      <select className={className} aria-label={t('app.language')} value={language} onChange={(e) => choose(e.target.value)} data-testid="console-language">
        {CONSOLE_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.tag}>
            {l.label}
          </option>
        ))}
      </select>
      {failure && (
        <p className="state state--failed" role="alert">
          {t('common.failed', { message: failure })}
        </p>
      )}
    </>
  );
}
