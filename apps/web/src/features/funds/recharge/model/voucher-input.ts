import { toUnits, UPLOAD_MIME_TYPES } from '@reef/contract';
import { checkAmount, normalizeAmountInput, type AmountProblem } from '../../shared/model/amount-input';

/** How the user proves a review recharge: the transfer's hash typed in, or a picture of it uploaded. */
export type VoucherKind = 'hash' | 'image';

export type VoucherProblem = AmountProblem | 'belowMinimum' | 'hashRequired' | 'hashInvalid' | 'imageRequired';

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** What was typed or pasted as a hash, without the spaces and line breaks a copy tends to bring. */
export function normalizeTxHashInput(raw: string): string {
  return raw.replace(/\s+/g, '');
}

export interface VoucherRechargeInput {
  amount: string;
  /** The server's minimum for the asset, 8 places. */
  minimum: string;
  kind: VoucherKind;
  hash: string;
  /** The uploaded image's address; null until an upload succeeded. */
  image: string | null;
}

/** The first problem of a review recharge, in the order the form reads; null when it can be sent. */
export function checkVoucherRecharge({ amount, minimum, kind, hash, image }: VoucherRechargeInput): VoucherProblem | null {
  const amountProblem = checkAmount(amount);
  if (amountProblem !== null) return amountProblem;
  if (toUnits(normalizeAmountInput(amount)) < toUnits(minimum)) return 'belowMinimum';
  if (kind === 'hash') {
    const typed = normalizeTxHashInput(hash);
    if (typed === '') return 'hashRequired';
    if (!TX_HASH.test(typed)) return 'hashInvalid';
    return null;
  }
  return image === null ? 'imageRequired' : null;
}

/** The voucher to send: the hash as typed (normalized) or the image's address. */
export function voucherOf({ kind, hash, image }: Pick<VoucherRechargeInput, 'kind' | 'hash' | 'image'>): string {
  return kind === 'hash' ? normalizeTxHashInput(hash) : (image ?? '');
}

/**
 * Whether a picked file is worth uploading. The browser's type comes from the file name, so this only
 * spares an upload the server would refuse anyway; the server checks the content itself.
 */
export function isImageFile(file: { type: string }): boolean {
  return (UPLOAD_MIME_TYPES as readonly string[]).includes(file.type);
}
