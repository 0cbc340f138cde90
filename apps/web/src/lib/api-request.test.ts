import { consoleApi } from '@reef/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, requestEndpoint, TransportError } from './api-request';

describe('buildUrl', () => {
  it('fills path parameters, encoded', () => {
    expect(buildUrl('/api/finance/bill/:type', { type: 'usdt' })).toBe('/api/finance/bill/usdt');
    expect(buildUrl('/api/admin/users/:id/journal', { id: 7 })).toBe('/api/admin/users/7/journal');
    expect(buildUrl('/api/x/:name', { name: 'a/b c' })).toBe('/api/x/a%2Fb%20c');
  });

  it('throws on a missing path parameter instead of asking for /undefined', () => {
    expect(() => buildUrl('/api/admin/users/:id', {})).toThrow('missing path parameter id');
    expect(() => buildUrl('/api/admin/users/:id', { id: undefined })).toThrow('missing path parameter id');
    expect(() => buildUrl('/api/admin/users/:id', { id: null })).toThrow('missing path parameter id');
    expect(() => buildUrl('/api/admin/users/:id')).toThrow('missing path parameter id');
  });

  it('keeps 0 and false in the query and leaves undefined, null and empty values out', () => {
    expect(buildUrl('/api/list', undefined, { page: 0, flag: false, q: 'a b' })).toBe('/api/list?page=0&flag=false&q=a+b');
    expect(buildUrl('/api/list', undefined, { page: 1, status: '', asset: undefined, uid: null })).toBe('/api/list?page=1');
    expect(buildUrl('/api/list', undefined, { status: '' })).toBe('/api/list');
  });
});

describe('requestEndpoint', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const operator = { token: 'tok-op', language: 'en' };

  it('sends the requester’s token and language', async () => {
    fetchMock.mockResolvedValue(reply({ status: 200, msg: 'ok', data: { uid: 1, account: '0x' + 'a'.repeat(40), roles: ['auditor'] } }));
    await requestEndpoint(consoleApi.adminMe, {}, operator);
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-op');
    expect(headers['Accept-Language']).toBe('en');
  });

  it('turns a missing path parameter into a transport failure before anything is sent', async () => {
    const error = await requestEndpoint(consoleApi.adminUserDetail, { params: {} as never }, operator).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('throws a held admin write (HTTP 202) as APPROVAL_PENDING with the server message', async () => {
    fetchMock.mockResolvedValue(reply({ status: 200, msg: 'waiting for a second administrator', data: { id: 3 } }, 202));
    await expect(requestEndpoint(consoleApi.adminMe, {}, operator)).rejects.toMatchObject({
      code: 'APPROVAL_PENDING',
      message: 'waiting for a second administrator',
      status: 202,
    });
  });

  it('throws a 429 as TOO_FREQUENT and a session that is over as UNAUTHORIZED, telling no one', async () => {
    fetchMock.mockResolvedValue(reply({ status: 429, msg: 'slow down', data: { code: 'TOO_FREQUENT' } }, 429));
    await expect(requestEndpoint(consoleApi.adminMe, {}, operator)).rejects.toEqual(new ApiError('TOO_FREQUENT', 'slow down', 429));
    fetchMock.mockResolvedValue(reply({ status: 410002, msg: 'expired', data: null }, 401));
    await expect(requestEndpoint(consoleApi.adminMe, {}, operator)).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 410002, shown: false });
  });
});
