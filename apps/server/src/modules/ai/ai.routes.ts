import type { FastifyInstance } from 'fastify';
import { aiApi } from '@reef/contract';
import { message } from '../../i18n/messages.js';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { DomainError } from '../../core/errors.js';
import { helpLibrary } from '../content/help-content.js';
import { HelpIndex } from './help-index.js';
import { ProviderError } from './provider-client.js';
import * as ai from './ai.service.js';

const KEEP_ALIVE_MS = 15_000;

export async function aiRoutes(app: FastifyInstance): Promise<void> {
  const ctx: ai.AiContext = { db: app.db, config: app.config, index: new HelpIndex(helpLibrary()), answering: new Set() };

  registerEndpoint(app, aiApi.listConversations, ({ user, query }) => ai.listConversations(app.db, user.id, query.page, query.limit));
  registerEndpoint(app, aiApi.getConversation, ({ user, params }) => ai.getConversation(app.db, user.id, params.id));
  registerEndpoint(app, aiApi.deleteConversation, ({ user, params }) => ai.deleteConversation(app.db, user.id, params.id));

  // Not registerEndpoint: the answer is a server-sent event stream, not an envelope. Everything that can
  // be refused is checked before the stream starts, so refusals are ordinary localized envelopes.
  app.route({
    method: aiApi.chat.method,
    url: aiApi.chat.path,
    handler: async (request, reply) => {
      const user = await app.authenticate(request);
      const body = aiApi.chatBody.safeParse(request.body ?? {});
      if (!body.success) throw new DomainError('PARAMETER_ERROR');
      const language = request.language;
      const prepared = await ai.prepareChat(ctx, user.id, body.data, language);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies such as nginx would otherwise buffer the stream and deliver it all at the end.
        'x-accel-buffering': 'no',
      });
      const stop = new AbortController();
      raw.on('close', () => {
        if (!raw.writableFinished) stop.abort();
      });
      // Shutdown stops the answer like a client that leaves: what was written is kept as stopped (decision 080).
      const onShutdown = () => stop.abort();
      if (app.shutdownSignal.aborted) stop.abort();
      else app.shutdownSignal.addEventListener('abort', onShutdown, { once: true });
      const send = (event: string, data: unknown) => {
        if (!raw.destroyed && !raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      // A comment line now and then keeps proxies from closing the stream while a provider thinks.
      const keepAlive = setInterval(() => {
        if (!raw.destroyed && !raw.writableEnded) raw.write(': keep-alive\n\n');
      }, KEEP_ALIVE_MS);

      send('meta', {
        conversation_id: prepared.conversationId,
        user_message_id: prepared.userMessageId,
        message_id: prepared.messageId,
        sources: prepared.sources,
      });
      let text = '';
      try {
        await ai.writeAnswer(ctx, prepared, language, stop.signal, (delta) => {
          text += delta;
          send('delta', { text: delta });
        });
        const status = stop.signal.aborted ? 'stopped' : 'complete';
        await ai.finishAnswer(app.db, prepared, text, status);
        send('done', { message_id: prepared.messageId, status });
      } catch (error) {
        if (stop.signal.aborted) {
          await ai.finishAnswer(app.db, prepared, text, 'stopped').catch((e: unknown) => request.log.error({ err: e }, 'ai answer not saved'));
          send('done', { message_id: prepared.messageId, status: 'stopped' });
        } else {
          const code = error instanceof ProviderError ? error.code : 'INTERNAL_ERROR';
          if (error instanceof ProviderError) request.log.warn({ code, detail: error.message }, 'ai provider failed');
          else request.log.error({ err: error }, 'ai answer failed');
          await ai.finishAnswer(app.db, prepared, text, 'failed', code).catch((e: unknown) => request.log.error({ err: e }, 'ai answer not saved'));
          send('error', { message_id: prepared.messageId, code, msg: message(language, code) });
        }
      } finally {
        app.shutdownSignal.removeEventListener('abort', onShutdown);
        clearInterval(keepAlive);
        prepared.release();
        raw.end();
      }
    },
  });
}
