import { chatSocket, type ServerFrame } from '@reef/contract';

/**
 * A server frame as it goes on the wire: parsed with the contract first, so fields a service did not
 * mean to expose never leave (as registerEndpoint does for HTTP answers), then serialized — once per
 * publish, however many sockets receive it.
 */
export function encodeFrame(frame: ServerFrame): string {
  return JSON.stringify(chatSocket.serverFrame.parse(frame));
}

/**
 * Encodes a frame to publish, or logs and returns null. Publishing is fire-and-forget for the caller, whose
 * transaction has already committed: a frame the contract refuses is a server bug to log, not a reason to
 * fail the caller's request.
 */
export function encodeForPublish(frame: ServerFrame, log: { error(object: object, message: string): void }): string | null {
  try {
    return encodeFrame(frame);
  } catch (error) {
    log.error({ err: error, type: frame.type }, 'refused to publish a frame the contract does not accept');
    return null;
  }
}
