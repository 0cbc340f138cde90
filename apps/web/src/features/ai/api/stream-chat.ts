/**
 * POST /api/ai/chat: reads the answer as it is written. fetch + ReadableStream + eventsource-parser
 * rather than EventSource, which can neither POST nor send the Authorization header. Refusals arrive
 * before the stream as ordinary envelopes and are thrown like every other API refusal.
 */
import { createParser } from 'eventsource-parser';
import * as z from 'zod/mini';
import { aiApi, AUTH_STATUSES, envelope, refusalData, STATUS_TOO_FREQUENT, type StreamEvent } from '@reef/contract';
import { currentLanguage, t as translate } from '../../../i18n';
import { ApiError, TransportError } from '../../../lib/api-client';
import { forceLogout, getSession } from '../../../lib/session';

export type ChatRequest = z.input<typeof aiApi.chatBody>;

/** Calls `onEvent` for each event until `done` or `error`; throws ApiError/TransportError, or the AbortError of `signal`. */
export async function streamChat(body: ChatRequest, signal: AbortSignal, onEvent: (event: StreamEvent) => void): Promise<void> {
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Accept-Language': currentLanguage(),
    'Content-Type': 'application/json',
  };
  const { token } = getSession();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(aiApi.chat.path, { method: aiApi.chat.method, headers, body: JSON.stringify(body), signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new TransportError(translate('errors.transport'), false);
  }

  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const parsed = envelope(z.unknown()).safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new TransportError(translate('errors.transport'), false);
    const { status, msg, data } = parsed.data;
    if ((AUTH_STATUSES as readonly number[]).includes(status)) {
      forceLogout();
      throw new ApiError('UNAUTHORIZED', msg, status, true);
    }
    if (status === STATUS_TOO_FREQUENT) throw new ApiError('TOO_FREQUENT', msg || translate('errors.tooFrequent'), status);
    const refusal = refusalData.safeParse(data);
    throw new ApiError(refusal.success ? refusal.data.code : 'UNKNOWN', msg || translate('errors.generic'), status);
  }

  let finished = false;
  const parser = createParser({
    onEvent: (raw) => {
      const event = aiApi.parseStreamEvent(raw.event, raw.data);
      if (!event || finished) return;
      if (event.event === 'done' || event.event === 'error') finished = true;
      onEvent(event);
    },
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (finished) break;
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw new TransportError(translate('errors.transport'), false);
  } finally {
    reader.releaseLock();
  }
  if (!finished) throw new TransportError(translate('errors.transport'), false);
}
