import type { FastifyInstance } from 'fastify';
import { phoneApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { createSmsQueue } from './sms-queue.js';
import { createSmsSender } from './sms-sender.js';
import * as phone from './phone.service.js';

export async function phoneRoutes(app: FastifyInstance): Promise<void> {
  const sender = createSmsSender(app.config.sms, (line) => app.log.warn(line));
  const queue = sender && createSmsQueue(sender, (line) => app.log.warn(line));
  // A node shutting down hands the texts it has already promised to the gateway before it goes.
  if (queue) app.addHook('onClose', () => queue.drain());

  registerEndpoint(app, phoneApi.sendCode, async ({ body, request }) => {
    // A 'login' code is for someone signed out; a 'bind' code belongs to the signed-in account asking for it.
    const user = body.purpose === 'bind' ? await app.authenticate(request) : null;
    return phone.sendCode(app.db, app.config, queue, {
      phone: body.phone,
      purpose: body.purpose,
      userId: user?.id ?? null,
      ip: request.ip,
      language: request.language,
    });
  });
  registerEndpoint(app, phoneApi.verifyPhone, ({ user, body }) => phone.verifyPhone(app.db, user.id, body));
  registerEndpoint(app, phoneApi.loginMobile, ({ body }) => phone.loginMobile(app.db, app.config, body));
  registerEndpoint(app, phoneApi.myPhone, ({ user }) => phone.myPhone(app.db, user.id));
}
