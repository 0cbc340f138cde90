import { useQuery } from '@tanstack/react-query';
import { liabilitiesApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

const liabilitiesKeys = {
  published: ['liabilities', 'published'] as const,
  proof: ['liabilities', 'proof'] as const,
};

/** GET /api/liabilities — the latest published root and totals, and the snapshots before it (no sign-in). */
export function usePublishedLiabilities() {
  return useQuery({ queryKey: liabilitiesKeys.published, queryFn: ({ signal }) => callApi(liabilitiesApi.liabilities, { signal }) });
}

/** GET /api/liabilities/proof — the signed-in user's own inclusion proof in the latest snapshot. */
export function useMyLiabilitiesProof() {
  const { token } = useSession();
  return useQuery({
    queryKey: liabilitiesKeys.proof,
    queryFn: ({ signal }) => callApi(liabilitiesApi.myLiabilitiesProof, { signal }),
    enabled: token !== null,
    retry: false,
  });
}
