import { chatSocket, type ServerFrame } from '@reef/contract';

/**
 * A server frame as it goes on the wire: parsed with the contract first, so fields a service did not
 * mean to expose never leave (as registerEndpoint does for HTTP answers), then serialized — once per
 * publish, however many sockets receive it.
 */
export function encodeFrame(frame: ServerFrame): string {
  return JSON.stringify(chatSocket.serverFrame.parse(frame));
}
