import { useInfiniteQuery } from '@tanstack/react-query';
import { chargeApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';
import { pagedQueryOptions } from '../../../../lib/paged-list';

export const BNB_CHARGE_PAGE_LIMIT = 20;
/** While a payment waits to be mined and confirmed, the loaded pages are asked again this often. */
export const BNB_CHARGE_POLL_MS = 3_000;

/** GET /api/user/bnbCharges — the user's BNB charges, newest first. */
export const bnbChargesRootKey = ['user', 'bnb-charges'] as const;

export function listBnbCharges(page: number, signal?: AbortSignal) {
  return callApi(chargeApi.listBnbCharges, { query: { page, limit: BNB_CHARGE_PAGE_LIMIT }, signal });
}

export function bnbChargesQueryOptions() {
  return pagedQueryOptions({
    queryKey: bnbChargesRootKey,
    fetchPage: listBnbCharges,
    pollInterval: (pages) => (pages.some((page) => page.list.some((charge) => charge.status === 'pending')) ? BNB_CHARGE_POLL_MS : false),
  });
}

export function useBnbCharges() {
  const { token } = useSession();
  return useInfiniteQuery({ ...bnbChargesQueryOptions(), enabled: token !== null });
}
