import { describe, expect, it } from 'vitest';
import { initialTransferForm, isShownInForm, transferFormReducer, type TransferFormState, type TransferReview } from './transfer-form-state';

const review: TransferReview = {
  recipient: { uid: 7, nickname: 'Dan', address: '0x12...abcd', avatar: null },
  asset: 'usdt',
  symbol: 'USDT',
  amount: '10.00000000',
  fee: '0.10000000',
  total: '10.10000000',
};

function reviewing(): TransferFormState {
  const typed = transferFormReducer(initialTransferForm(new URLSearchParams('to=7&amount=10')), { type: 'review', review });
  return transferFormReducer(typed, { type: 'password', password: '123456' });
}

describe('the transfer form model', () => {
  it('is prefilled from ?asset=, ?to= and ?amount=, and ignores an unknown asset', () => {
    expect(initialTransferForm(new URLSearchParams('asset=rusd&to=0xab&amount=1.5'))).toMatchObject({ chosenAsset: 'rusd', to: '0xab', amount: '1.5' });
    expect(initialTransferForm(new URLSearchParams('asset=doge')).chosenAsset).toBeNull();
    expect(initialTransferForm(new URLSearchParams())).toMatchObject({ to: '', amount: '', review: null, short: null, needsPassword: false });
  });

  it('clears the recipient error when the recipient changes', () => {
    const refused = transferFormReducer(initialTransferForm(new URLSearchParams()), { type: 'recipientRefused', message: 'No such user' });
    expect(refused.recipientError).toBe('No such user');
    expect(transferFormReducer(refused, { type: 'recipient', to: '8' })).toMatchObject({ to: '8', recipientError: null });
  });

  it('asks for the password afresh on every review, and typing clears the sheet error', () => {
    const wrong = transferFormReducer(reviewing(), { type: 'passwordInvalid', message: 'Six digits' });
    expect(wrong).toMatchObject({ password: '123456', sheetError: 'Six digits' });
    expect(transferFormReducer(wrong, { type: 'password', password: '1' })).toMatchObject({ password: '1', sheetError: null });
    expect(transferFormReducer(wrong, { type: 'review', review })).toMatchObject({ password: '', sheetError: null, review });
  });

  it('a sent transfer closes the sheet and empties the form and the password', () => {
    expect(transferFormReducer(reviewing(), { type: 'sent' })).toMatchObject({ review: null, to: '', amount: '', password: '' });
  });

  it('a wrong or locked password stays in the open sheet; the typed password is dropped', () => {
    for (const code of ['PAY_PASSWORD_WRONG', 'PAY_PASSWORD_LOCKED']) {
      const next = transferFormReducer(reviewing(), { type: 'refused', code, message: 'Wrong password', asset: 'usdt' });
      expect(next).toMatchObject({ review, password: '', sheetError: 'Wrong password' });
      expect(isShownInForm(code)).toBe(true);
    }
  });

  it('other refusals close the sheet and go where they belong', () => {
    const refuse = (code: string) => transferFormReducer(reviewing(), { type: 'refused', code, message: `msg ${code}`, asset: 'usdt' });
    expect(refuse('PAY_PASSWORD_NOT_SET')).toMatchObject({ review: null, needsPassword: true, password: '' });
    expect(refuse('INSUFFICIENT_BALANCE')).toMatchObject({ review: null, short: { asset: 'usdt', message: 'msg INSUFFICIENT_BALANCE' } });
    for (const code of ['RECIPIENT_INVALID', 'RECIPIENT_NOT_FOUND', 'SELF_TRANSFER'])
      expect(refuse(code)).toMatchObject({ review: null, recipientError: `msg ${code}` });
    // Anything else is the caller's toast: the form only closes the sheet.
    expect(refuse('TOO_FREQUENT')).toMatchObject({ review: null, recipientError: null, short: null, needsPassword: false, sheetError: null });
    expect(isShownInForm('TOO_FREQUENT')).toBe(false);
  });

  it('closes each sheet on its own', () => {
    const open = { ...reviewing(), needsPassword: true, short: { asset: 'usdt' as const, message: 'short' } };
    expect(transferFormReducer(open, { type: 'close', what: 'review' })).toMatchObject({ review: null, needsPassword: true });
    expect(transferFormReducer(open, { type: 'close', what: 'needsPassword' })).toMatchObject({ review, needsPassword: false });
    expect(transferFormReducer(open, { type: 'close', what: 'short' })).toMatchObject({ review, short: null });
  });
});
