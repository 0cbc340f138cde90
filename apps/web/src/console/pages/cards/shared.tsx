/**
 * What the cards console's tabs share: the card types every list names its rows by, the type pickers and filters,
 * and the money-field patterns (card prices in cents, trading points to eight places).
 */
import { useQuery } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { call } from '../../api';
import { useT } from '../../i18n';

export const CENTS = '^\\d+(\\.\\d{1,2})?$';
export const AMOUNT = '^\\d+(\\.\\d{1,8})?$';

/** "10.00000000" → "10": card prices are typed in cents at most. */
export function short(amount: string | null | undefined): string {
  if (!amount) return '';
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}

export const uidLink = (uid: number | null) => (uid ? <a href={`#/users/${uid}`}>{uid}</a> : '—');

export function useCardTypes() {
  return useQuery({ queryKey: ['card-types'], queryFn: () => call(cardsApi.adminListCardTypes) });
}

/** The type's name by id, for the lists that carry only `card_type_id`. */
export function useTypeName() {
  const types = useCardTypes();
  return (id: number) => types.data?.list.find((type) => type.id === id)?.name ?? `#${id}`;
}

export function TypeSelect({ name, label, value }: { name: string; label: string; value?: number }) {
  const types = useCardTypes();
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} defaultValue={value === undefined ? undefined : String(value)} required>
        {types.data?.list.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name} (#{type.id})
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter of a paged list: the card type (all by default). */
export function TypeFilter({ value, onChange, testId }: { value: string; onChange: (v: string) => void; testId: string }) {
  const t = useT();
  const types = useCardTypes();
  return (
    <label>
      {t('cards.type')}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('common.all')}</option>
        {types.data?.list.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function IdFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return <input type="search" inputMode="numeric" placeholder={label} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} size={8} />;
}

export const idOrUndefined = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined);
