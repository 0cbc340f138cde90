/** The matches tab: every sale of the market with what each side paid and got, by type, session and user. */
import { useState } from 'react';
import type * as z from 'zod/mini';
import type { ColumnDef } from '@tanstack/react-table';
import { cardsApi } from '@reef/contract';
import { usePaged } from '../../components/use-paged';
import { DataTable } from '../../components/data-table';
import { useT } from '../../i18n';
import { IdFilter, idOrUndefined, TypeFilter, uidLink, useTypeName } from './shared';

type Match = z.infer<typeof cardsApi.adminCardMatch>;

export function Matches() {
  const t = useT();
  const typeName = useTypeName();
  const [type, setType] = useState('');
  const [session, setSession] = useState('');
  const [uid, setUid] = useState('');
  const { table } = usePaged(cardsApi.adminListMatches, {
    type: idOrUndefined(type),
    session: idOrUndefined(session),
    uid: idOrUndefined(uid),
  });
  const columns: ColumnDef<Match, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'created_at', header: t('common.created') },
    { id: 'type', header: t('cards.type'), accessorFn: (m) => typeName(m.card_type_id) },
    { accessorKey: 'session_id', header: t('cards.session') },
    { accessorKey: 'card_id', header: t('cards.card') },
    { accessorKey: 'seller', header: t('cards.seller'), cell: (c) => uidLink(c.row.original.seller) },
    { accessorKey: 'buyer', header: t('cards.buyer'), cell: (c) => uidLink(c.row.original.buyer) },
    { accessorKey: 'price', header: t('cards.price') },
    { accessorKey: 'platform_fee', header: t('cards.platformFee') },
    { accessorKey: 'seller_obtained', header: t('cards.sellerObtained') },
    { accessorKey: 'fuel_fee', header: t('cards.fuelFee') },
    { accessorKey: 'trade_points', header: t('cards.tradePoints') },
    { accessorKey: 'entry_id', header: t('cards.entry') },
  ];
  return (
    <DataTable
      name="card-matches"
      columns={columns}
      {...table}
      toolbar={
        <>
          <TypeFilter value={type} onChange={setType} testId="match-type-filter" />
          <IdFilter label={t('cards.session')} value={session} onChange={setSession} />
          <IdFilter label="uid" value={uid} onChange={setUid} />
        </>
      }
    />
  );
}
