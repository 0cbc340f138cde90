/**
 * Approve and reject of one item waiting for a review (a deposit, a withdrawal, an adjustment, a held admin write).
 * The approval repeats what it will do and waits for a second press; a rejection asks for the reason where the
 * endpoint keeps one. Either refreshes every list once it is done.
 */
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@reef/contract';
import { call } from '../api';
import { Action, Field } from './action';
import type { ColumnDef } from '@tanstack/react-table';
import { useT, type Translate } from '../i18n';

/** An approve or reject endpoint: its path takes the item's id. */
type ReviewEndpoint = Endpoint & { path: `${string}/:id${string}` };

interface ReviewActionsProps {
  /** The item's id and what approving it moves, for the second confirmation: `Approve #7: +10 USDT → uid 3`. */
  id: number;
  summary: string;
  approve: ReviewEndpoint;
  reject: ReviewEndpoint;
  /** Fields the approval takes (a withdrawal's transaction hash). */
  approveFields?: ReactNode;
  /** The approval's call; by default the endpoint with the id alone. */
  onApprove?: (form: FormData) => Promise<unknown>;
  /** The rejection's call (`reason` is '' with `withReason` off); by default the endpoint with the id alone. */
  onReject?: (reason: string) => Promise<unknown>;
  withReason?: boolean;
}

export function ReviewActions({ id, summary, approve, reject, approveFields, onApprove, onReject, withReason = false }: ReviewActionsProps) {
  const t = useT();
  const queryClient = useQueryClient();
  // Only the id: the endpoints these defaults serve take no body.
  const byId = (endpoint: ReviewEndpoint) => () => call(endpoint, { params: { id } as never });
  const thenRefresh = (action: (form: FormData) => Promise<unknown>) => async (form: FormData) => {
    await action(form);
    await queryClient.invalidateQueries();
  };
  return (
    <>
      <Action
        label={t('reviews.approve')}
        endpoint={approve}
        fields={approveFields}
        confirm={() => `${t('reviews.approve')} #${id}: ${summary}`}
        run={thenRefresh(onApprove ?? byId(approve))}
      />
      <Action
        label={t('reviews.reject')}
        variant="danger"
        endpoint={reject}
        fields={withReason ? <Field label={t('reviews.rejectReason')} name="reason" required maxLength={200} /> : undefined}
        run={thenRefresh(onReject ? (form) => onReject(withReason ? String(form.get('reason')) : '') : byId(reject))}
      />
    </>
  );
}

/** A request held for a second administrator: an adjustment above the four-eyes amount, an admin write the policy held. */
interface HeldRequest {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  requested_by: unknown;
  created_at: string;
}

/** The last columns of a queue of held requests: who asked, the status, when, and approve/reject while it is pending. */
export function heldRequestColumns<R extends HeldRequest>(
  t: Translate,
  review: { approve: ReviewEndpoint; reject: ReviewEndpoint; summary: (request: R) => string },
): ColumnDef<R, unknown>[] {
  return [
    { accessorKey: 'requested_by', header: t('fourEyes.requestedBy') },
    { accessorKey: 'status', header: t('common.status'), cell: (c) => t(`status.${c.row.original.status}`) },
    { accessorKey: 'created_at', header: t('common.created') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: r } }) =>
        r.status === 'pending' ? (
          <div className="row-actions">
            <ReviewActions id={r.id} summary={review.summary(r)} approve={review.approve} reject={review.reject} />
          </div>
        ) : null,
    },
  ];
}
