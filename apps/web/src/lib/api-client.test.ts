import { authApi, ledgerApi, STORAGE_RETURN_URL_KEY, STORAGE_TOKEN_KEY, transferApi, uploadsApi, usersApi } from '@reef/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The client reads localStorage and location when its modules load: give it a minimal window first.
const storage = new Map<string, string>();
vi.stubGlobal('window', {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, String(value)),
    removeItem: (key: string) => storage.delete(key),
  },
  location: { hash: '#/pages/property/transfer' },
  addEventListener: () => undefined,
});

let client: typeof import('./api-client');
let session: typeof import('./session');
let toast: typeof import('./toast');

beforeAll(async () => {
  client = await import('./api-client');
  session = await import('./session');
  toast = await import('./toast');
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  storage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  toast.hideToast();
});
afterEach(() => {
  vi.useRealTimers();
});

const reply = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
};

describe('callApi', () => {
  it('returns the parsed data and sends the language header', async () => {
    fetchMock.mockResolvedValue(reply({ status: 200, msg: 'ok', data: { nonce: 'abcdefgh12', expires_at: 'x', extra: 1 } }));
    const data = await client.callApi(authApi.loginNonce);
    expect(data).toEqual({ nonce: 'abcdefgh12', expires_at: 'x' });
    const { url, headers, init } = lastRequest();
    expect(url).toBe('/api/login/nonce');
    expect(init.method).toBe('GET');
    expect(headers['Accept-Language']).toBe('zh-tw');
    expect(init.body).toBeUndefined();
  });

  it('sends the bearer token on every call once signed in', async () => {
    fetchMock.mockImplementation(async () => reply({ status: 200, msg: 'ok', data: { nonce: 'abcdefgh12', expires_at: 'x' } }));
    await client.callApi(authApi.loginNonce);
    expect(lastRequest().headers.Authorization).toBeUndefined();

    session.startSession('tok-1', '0x' + 'a'.repeat(40));
    await client.callApi(authApi.loginNonce);
    expect(lastRequest().headers.Authorization).toBe('Bearer tok-1');

    fetchMock.mockResolvedValue(reply({ status: 200, msg: 'ok', data: null }));
    await client.callApi(authApi.logout);
    expect(lastRequest().headers.Authorization).toBe('Bearer tok-1');
  });

  it('fills path parameters and the query, and sends the Idempotency-Key', async () => {
    fetchMock.mockResolvedValue(reply({ status: 200, msg: 'ok', data: { list: [], page: 2, limit: 20, total: 0 } }));
    await client.callApi(ledgerApi.listBills, { params: { type: 'usdt' }, query: { page: 2, limit: 20 } });
    expect(lastRequest().url).toBe('/api/finance/bill/usdt?page=2&limit=20');

    fetchMock.mockResolvedValue(
      reply({ status: 200, msg: 'ok', data: { entry_id: 1, asset: 'usdt', amount: '1.00000000', fee: '0.01000000', balance: '8.99000000' } }),
    );
    await client.callApi(transferApi.transfer, {
      body: { asset: 'usdt', to: '0x' + '1'.repeat(40), amount: '1', password: '123456' },
      idempotencyKey: 'key-1',
    });
    const { headers, init } = lastRequest();
    expect(headers['Idempotency-Key']).toBe('key-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ asset: 'usdt', to: '0x' + '1'.repeat(40), amount: '1', password: '123456' });
  });

  it('sends a multipart body as it is, leaving the Content-Type (and its boundary) to the browser', async () => {
    const address = `/uploads/${'a'.repeat(64)}.png`;
    fetchMock.mockResolvedValue(reply({ status: 200, msg: 'ok', data: address }));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'voucher.png');
    expect(await client.callApi(uploadsApi.upload, { formData: form })).toBe(address);
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/upload');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('throws a refusal as ApiError with the code and the server msg, without a toast', async () => {
    fetchMock.mockResolvedValue(reply({ status: 400, msg: '餘額不足', data: { code: 'INSUFFICIENT_BALANCE' } }));
    const error = await client.callApi(usersApi.getUserInfo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: '餘額不足', status: 400, shown: false });
    expect(toast.currentToast()).toBeNull();
  });

  it('logs out on 410002, keeps the page and opens the login prompt', async () => {
    session.startSession('tok-old', '0x' + 'b'.repeat(40));
    fetchMock.mockResolvedValue(reply({ status: 410002, msg: 'expired', data: null }, 401));
    await expect(client.callApi(usersApi.getUserInfo)).rejects.toMatchObject({ status: 410002 });
    expect(storage.has(STORAGE_TOKEN_KEY)).toBe(false);
    expect(storage.get(STORAGE_RETURN_URL_KEY)).toBe('/pages/property/transfer');
    expect(session.getSession()).toMatchObject({ token: null, account: null, loginPromptOpen: true });
    session.closeLoginPrompt();
  });

  it('toasts the msg of a 429', async () => {
    fetchMock.mockResolvedValue(reply({ status: 429, msg: '請勿頻繁操作', data: { code: 'TOO_FREQUENT' } }, 429));
    await expect(client.callApi(usersApi.getUserInfo)).rejects.toMatchObject({ code: 'TOO_FREQUENT', shown: true });
    expect(toast.currentToast()?.message).toBe('請勿頻繁操作');
  });

  it('toasts a transport failure for 1500 ms', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client.callApi(usersApi.getUserInfo)).rejects.toBeInstanceOf(client.TransportError);
    expect(toast.currentToast()?.durationMs).toBe(1500);
  });

  it('treats a body that is not JSON, or breaks the contract, as a transport failure', async () => {
    fetchMock.mockResolvedValue(new Response('<html>502</html>', { status: 502 }));
    await expect(client.callApi(usersApi.getUserInfo)).rejects.toBeInstanceOf(client.TransportError);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(reply({ status: 200, msg: 'ok', data: { uid: 'not a number' } }));
    await expect(client.callApi(usersApi.getUserInfo)).rejects.toBeInstanceOf(client.TransportError);
  });

  it('gives up after 60 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const call = client.callApi(usersApi.getUserInfo);
    const outcome = expect(call).rejects.toMatchObject({ message: 'timeout' });
    await vi.advanceTimersByTimeAsync(60_000);
    await outcome;
  });

  it('stays quiet when the caller cancels', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const call = client.callApi(usersApi.getUserInfo, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(toast.currentToast()).toBeNull();
  });
});
