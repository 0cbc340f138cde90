/**
 * Streams a chat completion from an OpenAI-compatible provider (`POST {AI_BASE_URL}/chat/completions`
 * with `stream: true`): reads the provider's server-sent events with eventsource-parser and hands each
 * text delta on. The key goes only into the Authorization header; errors never quote it.
 */
import { createParser } from 'eventsource-parser';
import type { AiProviderConfig } from '../../config.js';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Why the provider gave no (complete) answer; the route turns it into a localized error event. */
export class ProviderError extends Error {
  constructor(
    readonly code: 'AI_UPSTREAM_FAILED' | 'AI_UPSTREAM_TIMEOUT',
    detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

interface StreamOptions {
  provider: AiProviderConfig;
  messages: ChatTurn[];
  /** Aborted when the client goes away; the provider request is cancelled with it. */
  signal: AbortSignal;
  /** Longest silence from the provider before giving up. */
  idleTimeoutMs: number;
  onDelta(text: string): void;
}

export async function streamCompletion({ provider, messages, signal, idleTimeoutMs, onDelta }: StreamOptions): Promise<void> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, idleTimeoutMs);
  };
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  arm();
  try {
    let response: Response;
    try {
      response = await fetch(`${provider.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${provider.apiKey}`,
          'content-type': 'application/json',
          accept: 'text/event-stream',
        },
        body: JSON.stringify({ model: provider.model, messages, stream: true }),
        signal: controller.signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      if (timedOut) throw new ProviderError('AI_UPSTREAM_TIMEOUT', 'no response');
      throw new ProviderError('AI_UPSTREAM_FAILED', `request failed: ${(error as Error).message}`);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new ProviderError('AI_UPSTREAM_FAILED', `HTTP ${response.status}`);
    }

    let finished = false;
    let failure: ProviderError | null = null;
    const parser = createParser({
      onEvent: (event) => {
        if (finished || failure) return;
        if (event.data === '[DONE]') {
          finished = true;
          return;
        }
        let chunk: { choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[]; error?: { message?: unknown } };
        try {
          chunk = JSON.parse(event.data) as typeof chunk;
        } catch {
          failure = new ProviderError('AI_UPSTREAM_FAILED', 'malformed stream chunk');
          return;
        }
        if (chunk.error) {
          failure = new ProviderError('AI_UPSTREAM_FAILED', `provider error: ${String(chunk.error.message ?? 'unknown')}`);
          return;
        }
        const text = chunk.choices?.[0]?.delta?.content;
        if (typeof text === 'string' && text.length > 0) onDelta(text);
      },
    });
    const decoder = new TextDecoder();
    try {
      for await (const bytes of response.body) {
        arm();
        parser.feed(decoder.decode(bytes as Uint8Array, { stream: true }));
        if (failure || finished) break;
      }
    } catch (error) {
      if (signal.aborted) throw error;
      if (timedOut) throw new ProviderError('AI_UPSTREAM_TIMEOUT', 'stream stalled');
      throw new ProviderError('AI_UPSTREAM_FAILED', `stream broke: ${(error as Error).message}`);
    }
    if (failure) throw failure;
    if (signal.aborted) return;
    // A stream that ends without [DONE] was cut off: what arrived is not the whole answer.
    if (!finished) throw new ProviderError('AI_UPSTREAM_FAILED', 'stream ended without [DONE]');
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    if (!controller.signal.aborted) controller.abort();
  }
}
