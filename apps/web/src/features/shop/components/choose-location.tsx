import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError, toastError } from '../../../lib/api-client';
import { useAddresses, useCreateAddress, type NewAddress } from '../api/addresses';
import { withAddress } from '../model/paths';
import { AddressText, DefaultTag } from './address-card';
import './shop.css';

/**
 * /choose-location: picks a delivery address from the book, or adds one (the browser's position may fill the region
 * as a hint). With `back` (the confirm page), choosing returns there with the address; without it, the page is the book.
 */
export function ChooseLocation({ back }: { back: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addresses = useAddresses();
  const [adding, setAdding] = useState(false);
  const choose = (id: number) => {
    if (back !== null) void navigate(withAddress(back, id), { replace: true });
  };
  const list = addresses.data?.list ?? [];
  return (
    <>
      <QueryState query={addresses} empty={list.length === 0 && !adding} emptyText={t('shop.address.empty')} emptyTestId="shop-addresses-empty">
        <ul className="card shop-address-list" aria-label={t('shop.address.book')}>
          {list.map((address) => (
            <li key={address.id}>
              <button
                type="button"
                className="row-link shop-address-pick"
                onClick={() => choose(address.id)}
                disabled={back === null}
                data-testid={`shop-address-${address.id}`}
              >
                <AddressText address={address} />
                {address.is_default && <DefaultTag />}
              </button>
            </li>
          ))}
        </ul>
      </QueryState>
      {adding ? (
        <AddressForm onCreated={(id) => (back === null ? setAdding(false) : choose(id))} />
      ) : (
        <Button block variant="secondary" onClick={() => setAdding(true)} data-testid="shop-address-new">
          {t('shop.address.add')}
        </Button>
      )}
    </>
  );
}

function AddressForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateAddress();
  const [form, setForm] = useState<NewAddress>({ name: '', phone: '', region: '', detail: '', is_default: false });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const set = (key: keyof NewAddress) => (value: string | boolean) => {
    setForm((current) => ({ ...current, [key]: value }));
    setRefusal(null);
  };
  const complete = form.name.trim() !== '' && /^\+?[0-9][0-9 -]{4,22}$/.test(form.phone.trim()) && form.region.trim() !== '' && form.detail.trim() !== '';

  const locate = () => {
    if (!('geolocation' in navigator)) return setRefusal(t('shop.address.noLocation'));
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        // Only a hint: coordinates the user can keep or replace; no address service is asked.
        set('region')(`${coords.latitude.toFixed(5)}, ${coords.longitude.toFixed(5)}`);
      },
      () => {
        setLocating(false);
        setRefusal(t('shop.address.noLocation'));
      },
      { timeout: 10_000 },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || create.isPending) return;
    create.mutate(form, {
      onSuccess: (address) => onCreated(address.id),
      onError: (error) => (error instanceof ApiError ? setRefusal(error.message) : toastError(error)),
    });
  };

  const input = (key: 'name' | 'phone' | 'region' | 'detail', label: string, extra: { inputMode?: 'tel'; autoComplete?: string; maxLength: number }) => (
    <Field label={label} htmlFor={`${id}-${key}`}>
      <input
        id={`${id}-${key}`}
        className="field__input"
        value={form[key]}
        onChange={(event) => set(key)(event.target.value)}
        data-testid={`shop-address-${key}`}
        {...extra}
      />
    </Field>
  );

  return (
    <form className="card" onSubmit={submit} noValidate data-testid="shop-address-form">
      {input('name', t('shop.address.name'), { autoComplete: 'name', maxLength: 40 })}
      {input('phone', t('shop.address.phone'), { inputMode: 'tel', autoComplete: 'tel', maxLength: 24 })}
      {input('region', t('shop.address.region'), { autoComplete: 'address-level1', maxLength: 100 })}
      <Button variant="ghost" busy={locating} onClick={locate} data-testid="shop-address-locate">
        {t('shop.address.locate')}
      </Button>
      {input('detail', t('shop.address.detail'), { autoComplete: 'street-address', maxLength: 200 })}
      <label className="shop-check">
        <input type="checkbox" checked={form.is_default} onChange={(event) => set('is_default')(event.target.checked)} data-testid="shop-address-default" />
        <span>{t('shop.address.makeDefault')}</span>
      </label>
      {refusal !== null && (
        <p className="form-warning" role="alert" data-testid="shop-address-refusal">
          {refusal}
        </p>
      )}
      <Button type="submit" block disabled={!complete} busy={create.isPending} data-testid="shop-address-save">
        {t('shop.address.save')}
      </Button>
    </form>
  );
}
