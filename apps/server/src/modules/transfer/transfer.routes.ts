import type { FastifyInstance } from 'fastify';
import { transferApi } from '@reef/contract';
import { DomainError } from '../../core/errors.js';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as transferService from './transfer.service.js';

const LOOKUP_WINDOW_MS = 60_000;

export async function transferRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, transferApi.transfer, ({ user, body, request }) =>
    transferService.transfer(app.db, app.config, { id: user.id, account: user.account }, body, idempotencyKeyOf(request)),
  );

  // Each preview answers "is there a user with this uid, and what is their nickname": its own, smaller budget
  // per user (across nodes with Redis) keeps anyone from walking the uid space (decision 041).
  const perMinute = app.config.recipientLookupsPerMinute;
  const lookups = perMinute > 0 ? app.realtime.requestGate('recipient-lookups', perMinute, LOOKUP_WINDOW_MS) : null;
  app.addHook('onClose', async () => lookups?.close());
  registerEndpoint(app, transferApi.recipient, async ({ user, query }) => {
    if (lookups && !(await lookups.admit(user.id))) throw new DomainError('TOO_FREQUENT');
    return transferService.previewRecipient(app.db, user.id, query.to);
  });

  registerEndpoint(app, transferApi.recentRecipients, ({ user }) => transferService.recentRecipients(app.db, user.id));
}
