import { describe, expect, it } from 'vitest';
import { checkVoucherRecharge, isImageFile, normalizeTxHashInput, voucherOf } from './voucher-input';

const hash = `0x${'ab'.repeat(32)}`;
const image = `/uploads/${'c'.repeat(64)}.png`;
const base = { amount: '50', minimum: '10.00000000', kind: 'hash' as const, hash, image: null };

describe('checkVoucherRecharge', () => {
  it('checks the amount first, as the other funds forms do', () => {
    expect(checkVoucherRecharge({ ...base, amount: '' })).toBe('amountRequired');
    expect(checkVoucherRecharge({ ...base, amount: 'ten' })).toBe('amountInvalid');
    expect(checkVoucherRecharge({ ...base, amount: '-5' })).toBe('amountInvalid');
    expect(checkVoucherRecharge({ ...base, amount: '0' })).toBe('amountPositive');
    expect(checkVoucherRecharge({ ...base, amount: '1.123456789' })).toBe('amountDecimals');
  });

  it('refuses less than the minimum and takes exactly the minimum', () => {
    expect(checkVoucherRecharge({ ...base, amount: '9.99999999' })).toBe('belowMinimum');
    expect(checkVoucherRecharge({ ...base, amount: '10' })).toBeNull();
    expect(checkVoucherRecharge({ ...base, amount: '10,5' })).toBeNull();
  });

  it('needs a well-formed hash in hash mode', () => {
    expect(checkVoucherRecharge({ ...base, hash: '  ' })).toBe('hashRequired');
    expect(checkVoucherRecharge({ ...base, hash: '0x1234' })).toBe('hashInvalid');
    expect(checkVoucherRecharge({ ...base, hash: `0x${'g'.repeat(64)}` })).toBe('hashInvalid');
    expect(checkVoucherRecharge({ ...base, hash: `${hash}00` })).toBe('hashInvalid');
    expect(checkVoucherRecharge({ ...base, hash: ` ${hash.slice(0, 30)}\n${hash.slice(30)} ` })).toBeNull();
  });

  it('needs an uploaded image in image mode, whatever the hash field holds', () => {
    expect(checkVoucherRecharge({ ...base, kind: 'image', hash: '' })).toBe('imageRequired');
    expect(checkVoucherRecharge({ ...base, kind: 'image', hash: 'junk', image })).toBeNull();
  });
});

describe('voucherOf', () => {
  it('sends the normalized hash or the image address', () => {
    expect(voucherOf({ kind: 'hash', hash: ` ${hash} `, image })).toBe(hash);
    expect(voucherOf({ kind: 'image', hash, image })).toBe(image);
    expect(normalizeTxHashInput('0x12 34\t56')).toBe('0x123456');
  });
});

describe('isImageFile', () => {
  it('takes the four image types the server stores', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) expect(isImageFile({ type })).toBe(true);
    for (const type of ['image/svg+xml', 'application/pdf', 'text/plain', '']) expect(isImageFile({ type })).toBe(false);
  });
});
