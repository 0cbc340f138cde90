/**
 * A loopback fake of WeChat's token and jsapi-ticket endpoints (decision 066): a real HTTP server, because WeChat
 * is outside the system and the client is tested by what it sends over the wire. It answers as WeChat documents:
 * `GET /cgi-bin/token?grant_type=client_credential&appid&secret` and `GET /cgi-bin/ticket/getticket?access_token&type=jsapi`,
 * errors as `{errcode, errmsg}`. A token is good until the fake is told it expired (`revokeTokens`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WechatFake {
  baseUrl: string;
  appId: string;
  secret: string;
  /** Requests seen per endpoint. */
  calls: { token: number; ticket: number };
  /** The last ticket issued (a test recomputes the signature with it). */
  lastTicket(): string | null;
  /** Answer the next token requests with this errcode (null: normal again). */
  failTokensWith(errcode: number | null): void;
  /** Answer with HTTP 502 and no JSON (null: normal again). */
  breakHttp(broken: boolean): void;
  /** Every token issued so far is rejected from now on (as after WeChat's expiry). */
  revokeTokens(): void;
  expiresIn: number;
  /** The ticket's lifetime when it differs from the token's. */
  ticketExpiresIn: number | null;
  /** Milliseconds each answer waits (so concurrent callers overlap). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startWechatFake(appId = 'wx0123456789abcdef', secret = 'fakesecret0123456789'): Promise<WechatFake> {
  const validTokens = new Set<string>();
  let serial = 0;
  let tokenError: number | null = null;
  let broken = false;
  let lastTicket: string | null = null;
  const fake = {
    appId,
    secret,
    calls: { token: 0, ticket: 0 },
    expiresIn: 7200,
    ticketExpiresIn: null,
    delayMs: 20,
  } as WechatFake;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const answer = (body: unknown) =>
      setTimeout(() => {
        if (broken) {
          response.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }, fake.delayMs);
    if (url.pathname === '/cgi-bin/token') {
      fake.calls.token++;
      if (tokenError !== null) return answer({ errcode: tokenError, errmsg: 'fake error' });
      const q = url.searchParams;
      if (q.get('grant_type') !== 'client_credential' || q.get('appid') !== appId) return answer({ errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== secret) return answer({ errcode: 40125, errmsg: 'invalid appsecret' });
      const token = `token-${++serial}`;
      validTokens.add(token);
      return answer({ access_token: token, expires_in: fake.expiresIn });
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      fake.calls.ticket++;
      if (url.searchParams.get('type') !== 'jsapi') return answer({ errcode: 40097, errmsg: 'invalid args' });
      if (!validTokens.has(url.searchParams.get('access_token') ?? '')) return answer({ errcode: 42001, errmsg: 'access_token expired' });
      lastTicket = `ticket-${++serial}-sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3V`;
      return answer({ errcode: 0, errmsg: 'ok', ticket: lastTicket, expires_in: fake.ticketExpiresIn ?? fake.expiresIn });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.lastTicket = () => lastTicket;
  fake.failTokensWith = (errcode) => (tokenError = errcode);
  fake.breakHttp = (value) => (broken = value);
  fake.revokeTokens = () => validTokens.clear();
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
