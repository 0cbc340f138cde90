import { describe, expect, it } from 'vitest';
import { idParam, mapsLink, shopPaths, statusParam, withAddress } from './paths';

describe('shop paths', () => {
  it('reads ids and states from the query, refusing anything malformed', () => {
    expect([idParam('12'), idParam('0'), idParam('-1'), idParam('1e3'), idParam(null)]).toEqual([12, 0, 0, 0, 0]);
    expect([statusParam('shipped'), statusParam('lost'), statusParam(null)]).toEqual(['shipped', 'all', 'all']);
  });

  it('returns to the confirm page with the chosen address, keeping its query', () => {
    const back = shopPaths.confirm(3, 2);
    expect(withAddress(back, 9)).toBe('/pages/shop/confirm?goods=3&quantity=2&address=9');
    expect(withAddress(shopPaths.confirm(3, 2, 4), 9)).toBe('/pages/shop/confirm?goods=3&quantity=2&address=9');
  });

  it('builds a maps link with the address as encoded text', () => {
    expect(mapsLink({ region: 'São Paulo', detail: 'Rua A & B <1>' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Rua%20A%20%26%20B%20%3C1%3E%2C%20S%C3%A3o%20Paulo',
    );
  });
});
