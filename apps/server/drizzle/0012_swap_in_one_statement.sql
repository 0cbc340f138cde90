-- Decision 034: a flash-exchange swap is one statement, so the lake's row lock is held for one round trip.
-- Hand-written functions, each owned by the module named above it; a module calls only its own function
-- and the ledger's/events' functions, as its TypeScript calls only their services. The tables' own
-- guarantees still hold: the deferred balanced-entry trigger, the CHECK against negative user balances,
-- append-only postings and events.

-- Owned by modules/ledger. A refusal is RAISEd as 'reef:<ERROR_CODE>' with JSON details in DETAIL
-- (db/refusal.ts reads it back).
CREATE FUNCTION reef_units_text(units numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT (units / 100000000)::numeric(38, 8)::text
$$;
--> statement-breakpoint
-- Owned by modules/ledger: one balanced journal entry, the SQL twin of ledger.service postEntry. Lines are
-- [{user_id | system, asset, amount (signed decimal), kind, memo?}]. Accounts are updated in account-id
-- order (no deadlock between entries touching the same accounts); a user account that would go negative
-- refuses the whole entry. System accounts it creates may not go negative (only the TypeScript side posts
-- to the ones that may). Returns {entry_id, balances: {"<uid>:<asset>": balance after}}.
CREATE FUNCTION reef_ledger_post(p_kind text, p_memo text, p_actor integer, p_now timestamptz, p_lines jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  n integer := jsonb_array_length(p_lines);
  line jsonb;
  account_ids bigint[] := '{}';
  user_ids integer[] := '{}';
  amounts numeric[] := '{}';
  balances_after numeric[] := '{}';
  account_id bigint;
  balance_after numeric;
  item record;
  entry_id bigint;
  balances jsonb := '{}'::jsonb;
BEGIN
  IF n < 2 THEN
    RAISE EXCEPTION 'a journal entry needs at least two postings';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_lines) l GROUP BY l->>'asset' HAVING sum((l->>'amount')::numeric) <> 0)
     OR EXISTS (SELECT 1 FROM jsonb_array_elements(p_lines) l WHERE (l->>'amount')::numeric = 0) THEN
    RAISE EXCEPTION 'journal entry does not balance or has a zero posting';
  END IF;
  FOR i IN 0 .. n - 1 LOOP
    line := p_lines->i;
    IF line ? 'system' THEN
      SELECT a.id INTO account_id FROM ledger_accounts a WHERE a.system_key = line->>'system' AND a.asset = line->>'asset';
      IF NOT FOUND THEN
        INSERT INTO ledger_accounts (system_key, asset) VALUES (line->>'system', line->>'asset') ON CONFLICT DO NOTHING;
        SELECT a.id INTO STRICT account_id FROM ledger_accounts a WHERE a.system_key = line->>'system' AND a.asset = line->>'asset';
      END IF;
      user_ids := user_ids || NULL::integer;
    ELSE
      SELECT a.id INTO account_id FROM ledger_accounts a WHERE a.user_id = (line->>'user_id')::integer AND a.asset = line->>'asset';
      IF NOT FOUND THEN
        RAISE EXCEPTION 'reef:USER_NOT_FOUND';
      END IF;
      user_ids := user_ids || (line->>'user_id')::integer;
    END IF;
    account_ids := account_ids || account_id;
    amounts := amounts || (line->>'amount')::numeric;
    balances_after := balances_after || NULL::numeric;
  END LOOP;

  FOR item IN SELECT u.account_id, u.idx FROM unnest(account_ids) WITH ORDINALITY AS u(account_id, idx) ORDER BY u.account_id, u.idx LOOP
    UPDATE ledger_accounts a SET balance = a.balance + amounts[item.idx]
     WHERE a.id = item.account_id AND (a.may_go_negative OR a.balance + amounts[item.idx] >= 0)
     RETURNING a.balance INTO balance_after;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'reef:INSUFFICIENT_BALANCE' USING DETAIL = jsonb_build_object('asset', p_lines->(item.idx::integer - 1)->>'asset')::text;
    END IF;
    balances_after[item.idx] := balance_after;
  END LOOP;

  INSERT INTO journal_entries (kind, memo, actor_id, created_at) VALUES (p_kind, p_memo, p_actor, p_now) RETURNING id INTO entry_id;
  INSERT INTO postings (entry_id, account_id, user_id, asset, amount, balance_after, kind, memo, created_at)
  SELECT entry_id, account_ids[i], user_ids[i], p_lines->(i - 1)->>'asset', amounts[i], balances_after[i],
         p_lines->(i - 1)->>'kind', coalesce(p_lines->(i - 1)->>'memo', p_memo), p_now
    FROM generate_series(1, n) AS i ORDER BY i;

  FOR i IN 1 .. n LOOP
    IF user_ids[i] IS NOT NULL THEN
      balances := balances || jsonb_build_object(user_ids[i] || ':' || (p_lines->(i - 1)->>'asset'), balances_after[i]::numeric(38, 8)::text);
    END IF;
  END LOOP;
  RETURN jsonb_build_object('entry_id', entry_id, 'balances', balances);
END
$$;
--> statement-breakpoint
-- Owned by modules/ledger: a system account's balance (zero when it does not exist yet).
CREATE FUNCTION reef_ledger_system_balance(p_system text, p_asset text) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT balance FROM ledger_accounts WHERE system_key = p_system AND asset = p_asset), 0)
$$;
--> statement-breakpoint
-- Owned by modules/events: the SQL twin of events.service recordEvent (the caller checks the payload
-- against the contract before its transaction commits).
CREATE FUNCTION reef_record_event(p_type text, p_user integer, p_payload jsonb, p_now timestamptz) RETURNS bigint LANGUAGE sql AS $$
  INSERT INTO business_events (type, user_id, payload, occurred_at) VALUES (p_type, p_user, p_payload, p_now) RETURNING id
$$;
--> statement-breakpoint
-- Owned by modules/market: one swap against the lake of the pair, priced exactly as pool-math.ts quoteSwap
-- prices it (units of 10^-8, truncating division): fee = amount × fee_rate, burn = fee × burn_share when the
-- input is burnable, out = reserve_out × (amount − fee) ÷ (reserve_in + amount − fee). Locks the lake's row,
-- reads its reserves (the ledger accounts lake:<id>), posts the entry through reef_ledger_post, records the
-- swap, its price point and the swap.executed event. Returns what the service answers, plus the event.
CREATE FUNCTION reef_market_swap(p_user integer, p_from text, p_to text, p_amount numeric, p_min_out numeric, p_burnable boolean, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  unit constant numeric := 100000000;
  lake lakes%ROWTYPE;
  pool text;
  reserve_base numeric;
  reserve_quote numeric;
  reserve_in numeric;
  reserve_out numeric;
  amount_in numeric := p_amount * unit;
  fee numeric;
  burn numeric;
  effective_in numeric;
  amount_out numeric;
  pool_in numeric;
  price_after numeric;
  volume numeric;
  lines jsonb;
  posted jsonb;
  event jsonb;
BEGIN
  IF p_from = p_to THEN
    RAISE EXCEPTION 'reef:PAIR_NOT_FOUND';
  END IF;
  SELECT * INTO lake FROM lakes l
   WHERE (l.base_asset = p_from AND l.quote_asset = p_to) OR (l.base_asset = p_to AND l.quote_asset = p_from)
   FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'reef:PAIR_NOT_FOUND';
  END IF;
  IF NOT lake.open THEN
    RAISE EXCEPTION 'reef:EXCHANGE_CLOSED';
  END IF;
  pool := 'lake:' || lake.id;
  reserve_base := reef_ledger_system_balance(pool, lake.base_asset) * unit;
  reserve_quote := reef_ledger_system_balance(pool, lake.quote_asset) * unit;
  IF p_from = lake.base_asset THEN
    reserve_in := reserve_base; reserve_out := reserve_quote;
  ELSE
    reserve_in := reserve_quote; reserve_out := reserve_base;
  END IF;
  IF amount_in <= 0 OR reserve_in <= 0 OR reserve_out <= 0 THEN
    RAISE EXCEPTION 'swap on an empty pool or with a non-positive amount';
  END IF;

  fee := div(amount_in * (lake.fee_rate * unit), unit);
  burn := CASE WHEN p_burnable THEN div(fee * (lake.burn_share * unit), unit) ELSE 0 END;
  effective_in := amount_in - fee;
  amount_out := div(reserve_out * effective_in, reserve_in + effective_in);
  IF amount_out <= 0 THEN
    RAISE EXCEPTION 'reef:AMOUNT_TOO_SMALL';
  END IF;
  IF amount_out < p_min_out * unit THEN
    RAISE EXCEPTION 'reef:SLIPPAGE_EXCEEDED' USING DETAIL = jsonb_build_object('amount_out', reef_units_text(amount_out))::text;
  END IF;
  pool_in := amount_in - burn;

  lines := jsonb_build_array(
    jsonb_build_object('user_id', p_user, 'asset', p_from, 'amount', -amount_in / unit, 'kind', 'exchange_out'),
    jsonb_build_object('system', pool, 'asset', p_from, 'amount', pool_in / unit, 'kind', 'exchange_in'));
  IF burn > 0 THEN
    lines := lines || jsonb_build_array(jsonb_build_object('system', 'burned', 'asset', p_from, 'amount', burn / unit, 'kind', 'burn'));
  END IF;
  lines := lines || jsonb_build_array(
    jsonb_build_object('system', pool, 'asset', p_to, 'amount', -amount_out / unit, 'kind', 'exchange_out'),
    jsonb_build_object('user_id', p_user, 'asset', p_to, 'amount', amount_out / unit, 'kind', 'exchange_in'));
  posted := reef_ledger_post('exchange', p_from || '>' || p_to, p_user, p_now, lines);

  IF p_from = lake.base_asset THEN
    reserve_base := reserve_base + pool_in; reserve_quote := reserve_quote - amount_out;
  ELSE
    reserve_base := reserve_base - amount_out; reserve_quote := reserve_quote + pool_in;
  END IF;
  price_after := CASE WHEN reserve_base = 0 THEN 0 ELSE div(reserve_quote * unit, reserve_base) END;
  volume := CASE WHEN p_from = lake.quote_asset THEN amount_in ELSE amount_out END;

  INSERT INTO swaps (lake_id, user_id, entry_id, asset_in, amount_in, asset_out, amount_out, fee, burn, volume_quote, price_after, created_at)
  VALUES (lake.id, p_user, (posted->>'entry_id')::bigint, p_from, amount_in / unit, p_to, amount_out / unit, fee / unit, burn / unit,
          volume / unit, price_after / unit, p_now);
  INSERT INTO price_points (lake_id, price, kind, volume_quote, created_at) VALUES (lake.id, price_after / unit, 'swap', volume / unit, p_now);

  event := jsonb_build_object('lake_id', lake.id, 'asset_in', p_from, 'amount_in', reef_units_text(amount_in), 'asset_out', p_to,
    'amount_out', reef_units_text(amount_out), 'fee', reef_units_text(fee), 'burn', reef_units_text(burn),
    'entry_id', (posted->>'entry_id')::bigint);
  PERFORM reef_record_event('swap.executed', p_user, event, p_now);

  RETURN jsonb_build_object(
    'entry_id', (posted->>'entry_id')::bigint,
    'amount_in', reef_units_text(amount_in),
    'amount_out', reef_units_text(amount_out),
    'fee', reef_units_text(fee),
    'burn', reef_units_text(burn),
    'price_after', reef_units_text(price_after),
    'balance_from', posted->'balances'->>(p_user || ':' || p_from),
    'balance_to', posted->'balances'->>(p_user || ':' || p_to),
    'event', event);
END
$$;
