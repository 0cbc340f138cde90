/**
 * Where a phone code goes (decision 076). The HTTP sender posts `{ to, text }` as JSON to the configured gateway
 * (SMS_PROVIDER_URL, with SMS_PROVIDER_TOKEN as a bearer); any 2xx is 'sent'. Operators put the adapter of their SMS
 * vendor behind that address. The development sender writes the code to the log; production without a gateway has
 * no sender and the routes answer 'Not Supported'.
 */
import type { LanguageCode } from '@reef/contract';
import type { SmsConfig } from '../../config.js';

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export class SmsSendError extends Error {}

const CALL_TIMEOUT_MS = 10_000;

export function createSmsSender(config: SmsConfig, log: (line: string) => void): SmsSender | null {
  const provider = config.provider;
  if (provider) {
    return {
      async send(to, text) {
        let response: Response;
        try {
          response = await fetch(provider.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(provider.token ? { authorization: `Bearer ${provider.token}` } : {}) },
            body: JSON.stringify({ to, text }),
            signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
          });
        } catch (error) {
          throw new SmsSendError(`SMS gateway unreachable: ${(error as Error).message}`);
        }
        await response.body?.cancel();
        if (!response.ok) throw new SmsSendError(`SMS gateway answered HTTP ${response.status}`);
      },
    };
  }
  if (config.logCodes) {
    return {
      async send(to, text) {
        log(`development SMS to ${to}: ${text}`);
      },
    };
  }
  return null;
}

const TEXT: Record<LanguageCode, (code: string) => string> = {
  'zh-tw': (code) => `【Reef】您的驗證碼是 ${code}，10 分鐘內有效。請勿告訴他人。`,
  'zh-cn': (code) => `【Reef】您的验证码是 ${code}，10 分钟内有效。请勿告诉他人。`,
  'en-us': (code) => `Reef: your verification code is ${code}. It expires in 10 minutes. Do not share it.`,
  'pt-br': (code) => `Reef: o seu código de verificação é ${code}. Expira em 10 minutos. Não o partilhe.`,
  'de-de': (code) => `Reef: Ihr Bestätigungscode ist ${code}. Er ist 10 Minuten gültig. Geben Sie ihn nicht weiter.`,
  'ru-ru': (code) => `Reef: ваш код подтверждения ${code}. Он действует 10 минут. Никому его не сообщайте.`,
};

export function codeText(language: LanguageCode, code: string): string {
  return TEXT[language](code);
}
