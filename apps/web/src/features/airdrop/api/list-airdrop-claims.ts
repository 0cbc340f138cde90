import { useInfiniteQuery } from '@tanstack/react-query';
import { airdropsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { airdropsRootKey } from './list-airdrops';

export const AIRDROP_CLAIMS_PAGE_LIMIT = 20;

/** GET /api/airdrops/claims — the user's claims, newest first. */
export const airdropClaimsQueryKey = [...airdropsRootKey, 'claims'] as const;

export function listAirdropClaims(page: number, signal?: AbortSignal) {
  return callApi(airdropsApi.listAirdropClaims, { query: { page, limit: AIRDROP_CLAIMS_PAGE_LIMIT }, signal });
}

export function airdropClaimsQueryOptions() {
  return pagedQueryOptions({ queryKey: airdropClaimsQueryKey, fetchPage: listAirdropClaims });
}

export function useAirdropClaims() {
  const { token } = useSession();
  return useInfiniteQuery({ ...airdropClaimsQueryOptions(), enabled: token !== null });
}
