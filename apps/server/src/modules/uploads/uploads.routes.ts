/**
 * POST /api/upload (multipart, one file in the field `file`) and GET /uploads/:name. The upload route is not
 * registered from its contract like the JSON endpoints: its body is a stream, read part by part here, while
 * the answer still goes through the contract's response schema.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_FIELD, uploadsApi } from '@reef/contract';
import { DomainError } from '../../core/errors.js';
import { ok } from '../../plugins/errors.js';
import * as uploads from './uploads.service.js';

/** The multipart parser's own refusals (limits, malformed bodies) as our codes. */
function refusalOf(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new DomainError('UPLOAD_TOO_LARGE');
  if (typeof code === 'string' && code.startsWith('FST_')) return new DomainError('PARAMETER_ERROR');
  // busboy's own parse errors ("Malformed part header", "Unexpected end of form") carry no code; disk errors
  // (which do, with a syscall) stay server errors.
  const parseError = error instanceof Error && code === undefined && !('syscall' in error) && /multipart|form|part|boundary/i.test(error.message);
  if (parseError) return new DomainError('PARAMETER_ERROR');
  return error;
}

export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  // Registered in this plugin's scope only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: app.config.uploadMaxBytes,
      // One part, and it must be the file: a second file or any field trips a limit and is refused.
      files: 1,
      fields: 0,
      parts: 1,
      headerPairs: 20,
      fieldNameSize: 100,
    },
  });

  app.addHook('onReady', async () => {
    const removed = await uploads.sweepIncoming(app.config).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not sweep unfinished uploads');
      return 0;
    });
    if (removed > 0) app.log.info({ removed }, 'removed unfinished uploads left by an earlier process');
  });

  // Every request counts, before its body is read: the same bytes sent again or a refused oversize
  // stream use the allowance as a stored file does (decision 037).
  const gate = app.config.uploadPerMinute > 0 ? app.realtime.requestGate('uploads', app.config.uploadPerMinute, uploads.UPLOAD_WINDOW_MS) : null;
  app.addHook('onClose', async () => gate?.close());

  app.post(uploadsApi.upload.path, async (request) => {
    const user = await app.authenticate(request);
    if (gate && !(await gate.admit(user.id))) throw new DomainError('TOO_FREQUENT');
    if (!request.isMultipart()) throw new DomainError('PARAMETER_ERROR');
    let received: uploads.ReceivedFile | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file' || part.fieldname !== UPLOAD_FIELD || received) {
          if (part.type === 'file') part.file.resume();
          throw new DomainError('PARAMETER_ERROR');
        }
        received = await uploads.receive(app.config, part.file);
      }
    } catch (error) {
      if (received) await uploads.discard(received);
      throw refusalOf(error);
    }
    if (!received) throw new DomainError('PARAMETER_ERROR');
    const address = await uploads.commit(app.db, app.config, user.id, received);
    return ok(request, uploadsApi.upload.response.parse(address));
  });

  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    // An <img> cannot send the token: the web client fetches restricted files with it and shows a blob.
    const viewer = request.headers.authorization ? await app.authenticate(request).catch(() => null) : null;
    const file = await uploads.openStoredFile(
      app.db,
      app.config,
      request.params.name,
      viewer && { id: viewer.id, operator: viewer.roles.some((role) => role !== 'service_agent') },
    );
    if (!file) return reply.callNotFound();
    if (file.restricted) reply.header('Cache-Control', 'private, no-store').header('Vary', 'Authorization');
    else reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return (
      reply
        .header('Content-Type', file.mime)
        .header('Content-Length', file.bytes)
        .header('X-Content-Type-Options', 'nosniff')
        // Even if a browser were tricked into treating the bytes as a document, it could run nothing.
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('Content-Disposition', 'inline')
        // The name is the content's hash: the bytes behind it never change (public ones are cached above).
        .header('ETag', `"${file.sha256}"`)
        .send(file.open())
    );
  });
}
