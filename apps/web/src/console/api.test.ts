import { consoleApi } from '@reef/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The session module reads localStorage when it loads: give it one first.
const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, String(value)),
  removeItem: (key: string) => storage.delete(key),
});

const { call, ApiError } = await import('./api');
const { consoleToken, setConsoleToken } = await import('./session');

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setConsoleToken('tok-op');
});
const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the console client', () => {
  it('sends the operator’s token, and drops empty filters from the query', async () => {
    fetchMock.mockResolvedValue(reply({ status: 200, msg: 'ok', data: { list: [], page: 1, limit: 20, total: 0 } }));
    await call(consoleApi.adminFindUsers, { query: { q: '', page: 1, limit: 20 } as never });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/admin/users?page=1&limit=20');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok-op');
  });

  it('throws on a missing path parameter instead of asking for /undefined', async () => {
    await expect(call(consoleApi.adminUserDetail, { params: {} as never })).rejects.toThrow('missing path parameter id');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs the operator out when the session is over, and keeps it on a refusal', async () => {
    fetchMock.mockResolvedValue(reply({ status: 403, msg: 'forbidden', data: { code: 'FORBIDDEN' } }, 403));
    await expect(call(consoleApi.adminMe)).rejects.toBeInstanceOf(ApiError);
    expect(consoleToken()).toBe('tok-op');

    fetchMock.mockResolvedValue(reply({ status: 410002, msg: 'expired', data: null }, 401));
    await expect(call(consoleApi.adminMe)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(consoleToken()).toBeNull();
  });
});
