/**
 * The transfer form as a model (issue 24: money forms as a reducer and a view): what the user typed, the review the
 * sheet shows, and where a refusal is shown. The view (`components/transfer-form.tsx`) dispatches and draws; every
 * transition is here and tested beside it.
 */
import { isAssetKey, type AssetKey, type RecipientView } from '@reef/contract';

/** What the confirmation sheet shows: who receives, what, and what leaves the balance. */
export interface TransferReview {
  recipient: RecipientView;
  asset: AssetKey;
  symbol: string;
  /** What the recipient receives. */
  amount: string;
  fee: string;
  /** Amount + fee: what leaves the sender's balance. */
  total: string;
}

export interface TransferFormState {
  /** The asset the user picked; null: the first of the configured assets. */
  chosenAsset: AssetKey | null;
  to: string;
  amount: string;
  /** A refusal about who the recipient is, under the recipient field. */
  recipientError: string | null;
  /** The confirmation sheet, open while not null. */
  review: TransferReview | null;
  password: string;
  /** A refusal of the password, in the sheet (which stays open for another try). */
  sheetError: string | null;
  /** No transaction password yet: the sheet that sends the user to set one. */
  needsPassword: boolean;
  /** Known short: the prompt that offers a deposit or a purchase of the asset. */
  short: { asset: AssetKey; message: string } | null;
}

export type TransferFormAction =
  | { type: 'asset'; asset: AssetKey }
  | { type: 'recipient'; to: string }
  | { type: 'amount'; amount: string }
  | { type: 'recipientRefused'; message: string }
  | { type: 'short'; asset: AssetKey; message: string }
  | { type: 'needsPassword' }
  | { type: 'review'; review: TransferReview }
  | { type: 'password'; password: string }
  | { type: 'passwordInvalid'; message: string }
  | { type: 'sent' }
  | { type: 'refused'; code: string; message: string; asset: AssetKey }
  | { type: 'close'; what: 'review' | 'needsPassword' | 'short' };

/** Refusals that are about who the recipient is: shown under the recipient field. */
const RECIPIENT_CODES = new Set(['RECIPIENT_INVALID', 'RECIPIENT_NOT_FOUND', 'SELF_TRANSFER']);
/** Refusals of the password: shown in the sheet, which stays open for another try (or says it is locked). */
const PASSWORD_CODES = new Set(['PAY_PASSWORD_WRONG', 'PAY_PASSWORD_LOCKED']);
/** Refusals the form itself shows (under a field, in the sheet, or as a sheet); any other is a toast. */
const SHOWN_IN_FORM = new Set([...RECIPIENT_CODES, ...PASSWORD_CODES, 'PAY_PASSWORD_NOT_SET', 'INSUFFICIENT_BALANCE']);

export function isRecipientRefusal(code: string): boolean {
  return RECIPIENT_CODES.has(code);
}

/** Whether the form shows this refusal of a transfer itself; otherwise the caller toasts it. */
export function isShownInForm(code: string): boolean {
  return SHOWN_IN_FORM.has(code);
}

/** `?asset=`, `?to=` and `?amount=` prefill the form (an asset's page; the way back from setting the password). */
export function initialTransferForm(search: URLSearchParams): TransferFormState {
  const asset = search.get('asset');
  return {
    chosenAsset: asset !== null && isAssetKey(asset) ? asset : null,
    to: search.get('to') ?? '',
    amount: search.get('amount') ?? '',
    recipientError: null,
    review: null,
    password: '',
    sheetError: null,
    needsPassword: false,
    short: null,
  };
}

export function transferFormReducer(state: TransferFormState, action: TransferFormAction): TransferFormState {
  switch (action.type) {
    case 'asset':
      return { ...state, chosenAsset: action.asset };
    case 'recipient':
      return { ...state, to: action.to, recipientError: null };
    case 'amount':
      return { ...state, amount: action.amount };
    case 'recipientRefused':
      return { ...state, recipientError: action.message };
    case 'short':
      return { ...state, short: { asset: action.asset, message: action.message } };
    case 'needsPassword':
      return { ...state, needsPassword: true };
    case 'review':
      // A new review asks for the password afresh.
      return { ...state, review: action.review, password: '', sheetError: null };
    case 'password':
      return { ...state, password: action.password, sheetError: null };
    case 'passwordInvalid':
      return { ...state, sheetError: action.message };
    case 'sent':
      return { ...state, review: null, amount: '', to: '', password: '' };
    case 'refused': {
      // The password typed is never kept after a refusal.
      const next = { ...state, password: '' };
      if (PASSWORD_CODES.has(action.code)) return { ...next, sheetError: action.message };
      const closed = { ...next, review: null };
      if (action.code === 'PAY_PASSWORD_NOT_SET') return { ...closed, needsPassword: true };
      if (action.code === 'INSUFFICIENT_BALANCE') return { ...closed, short: { asset: action.asset, message: action.message } };
      if (RECIPIENT_CODES.has(action.code)) return { ...closed, recipientError: action.message };
      return closed;
    }
    case 'close':
      if (action.what === 'review') return { ...state, review: null };
      if (action.what === 'needsPassword') return { ...state, needsPassword: false };
      return { ...state, short: null };
  }
}
