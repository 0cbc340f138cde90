-- Decision 068. Hand-written functions, each owned by the module named above it (as in 0012).
--
-- 1. A group of swaps moves each lake account (and `burned`) once. Every swap of a group (decision 047) updated
-- the lake's two accounts and `burned` itself, so the rows every swap of the group touches got a new version
-- per swap, each later lookup walking the versions the group made, plus two reserve reads per swap. Now the
-- group *holds* those system accounts: locked once (FOR UPDATE, so nobody else moves them until the commit),
-- their running balance carried through the group as data, each swap's own entry and postings still written
-- with their exact balance_after, and the accounts updated once at the end of the group with the sum of what
-- the group's committed swaps moved (checked against the running balance). User accounts are posted per swap
-- as before. Nothing outside the group's transaction can tell the difference: the rows are locked throughout.

-- Owned by modules/ledger: holds a system account for the rest of the caller's group. `p_held` is the group's
-- held accounts ({"<system>/<asset>": {id, start, balance, may_go_negative}}); holding one already held
-- changes nothing. Locks the row (creating the account as reef_ledger_post would), and returns the new state.
-- The state is data the caller keeps: when the caller's subtransaction rolls back, so does the lock, and the
-- caller simply keeps its previous state.
CREATE FUNCTION reef_ledger_hold(p_held jsonb, p_system text, p_asset text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  held_key text := p_system || '/' || p_asset;
  account record;
BEGIN
  IF p_held ? held_key THEN
    RETURN p_held;
  END IF;
  SELECT a.id, a.balance, a.may_go_negative INTO account FROM ledger_accounts a
   WHERE a.system_key = p_system AND a.asset = p_asset FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO ledger_accounts (system_key, asset) VALUES (p_system, p_asset) ON CONFLICT DO NOTHING;
    SELECT a.id, a.balance, a.may_go_negative INTO STRICT account FROM ledger_accounts a
     WHERE a.system_key = p_system AND a.asset = p_asset FOR UPDATE;
  END IF;
  RETURN p_held || jsonb_build_object(held_key,
    jsonb_build_object('id', account.id, 'start', account.balance, 'balance', account.balance, 'may_go_negative', account.may_go_negative));
END
$$;
--> statement-breakpoint
-- Owned by modules/ledger: a held account's running balance (what its row will hold once the group ends).
CREATE FUNCTION reef_ledger_held_balance(p_held jsonb, p_system text, p_asset text) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_held -> (p_system || '/' || p_asset) ->> 'balance')::numeric
$$;
--> statement-breakpoint
-- Owned by modules/ledger: reef_ledger_post (0012) with held accounts. A system line whose account is in
-- `p_held` is not looked up or updated: its balance_after is the held running balance plus the line (refused
-- like the UPDATE would refuse it when the account may not go negative), and the returned `held` carries the
-- new running balance. Every other line is exactly reef_ledger_post's. Returns {entry_id, balances, held}.
CREATE FUNCTION reef_ledger_post_held(p_kind text, p_memo text, p_actor integer, p_now timestamptz, p_lines jsonb, p_held jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  n integer := jsonb_array_length(p_lines);
  line jsonb;
  account_ids bigint[] := '{}';
  user_ids integer[] := '{}';
  amounts numeric[] := '{}';
  balances_after numeric[] := '{}';
  held_keys text[] := '{}';
  held jsonb := coalesce(p_held, '{}'::jsonb);
  held_key text;
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
    held_key := NULL;
    IF line ? 'system' THEN
      IF held ? ((line->>'system') || '/' || (line->>'asset')) THEN
        held_key := (line->>'system') || '/' || (line->>'asset');
        account_id := (held->held_key->>'id')::bigint;
      ELSE
        SELECT a.id INTO account_id FROM ledger_accounts a WHERE a.system_key = line->>'system' AND a.asset = line->>'asset';
        IF NOT FOUND THEN
          INSERT INTO ledger_accounts (system_key, asset) VALUES (line->>'system', line->>'asset') ON CONFLICT DO NOTHING;
          SELECT a.id INTO STRICT account_id FROM ledger_accounts a WHERE a.system_key = line->>'system' AND a.asset = line->>'asset';
        END IF;
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
    held_keys := held_keys || held_key;
  END LOOP;

  FOR item IN SELECT u.account_id, u.idx FROM unnest(account_ids) WITH ORDINALITY AS u(account_id, idx) ORDER BY u.account_id, u.idx LOOP
    held_key := held_keys[item.idx];
    IF held_key IS NOT NULL THEN
      balance_after := (held->held_key->>'balance')::numeric + amounts[item.idx];
      IF NOT ((held->held_key->>'may_go_negative')::boolean OR balance_after >= 0) THEN
        RAISE EXCEPTION 'reef:INSUFFICIENT_BALANCE' USING DETAIL = jsonb_build_object('asset', p_lines->(item.idx::integer - 1)->>'asset')::text;
      END IF;
      held := jsonb_set(held, ARRAY[held_key, 'balance'], to_jsonb(balance_after));
    ELSE
      UPDATE ledger_accounts a SET balance = a.balance + amounts[item.idx]
       WHERE a.id = item.account_id AND (a.may_go_negative OR a.balance + amounts[item.idx] >= 0)
       RETURNING a.balance INTO balance_after;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'reef:INSUFFICIENT_BALANCE' USING DETAIL = jsonb_build_object('asset', p_lines->(item.idx::integer - 1)->>'asset')::text;
      END IF;
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
  RETURN jsonb_build_object('entry_id', entry_id, 'balances', balances, 'held', held);
END
$$;
--> statement-breakpoint
-- Owned by modules/ledger: reef_ledger_post is now reef_ledger_post_held holding nothing (one implementation;
-- its callers, the starter-card purchase among them, are unchanged).
CREATE OR REPLACE FUNCTION reef_ledger_post(p_kind text, p_memo text, p_actor integer, p_now timestamptz, p_lines jsonb)
RETURNS jsonb LANGUAGE sql AS $$
  SELECT reef_ledger_post_held(p_kind, p_memo, p_actor, p_now, p_lines, '{}'::jsonb) - 'held'
$$;
--> statement-breakpoint
-- Owned by modules/ledger: ends a group's hold. Each held account whose running balance moved gets one UPDATE
-- by what the group moved (in account-id order), and its row must then hold exactly the running balance, which
-- is the balance_after of its last posting. The rows stayed locked since they were held, so it always does;
-- the check is there so that a mistake fails the transaction instead of the books.
CREATE FUNCTION reef_ledger_release(p_held jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  held record;
  balance_after numeric;
BEGIN
  FOR held IN SELECT h.key, (h.value->>'id')::bigint AS id, (h.value->>'start')::numeric AS start, (h.value->>'balance')::numeric AS balance
                FROM jsonb_each(coalesce(p_held, '{}'::jsonb)) h ORDER BY 2 LOOP
    CONTINUE WHEN held.balance = held.start;
    UPDATE ledger_accounts a SET balance = a.balance + (held.balance - held.start) WHERE a.id = held.id RETURNING a.balance INTO balance_after;
    IF balance_after IS DISTINCT FROM held.balance THEN
      RAISE EXCEPTION 'held ledger account % moved while held (% against %)', held.key, balance_after, held.balance;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Owned by modules/market: reef_market_swap (0012) inside a group. `p_state` is the group's state so far:
-- {lakes: {"<pair>": the locked lake row}, held: the ledger's held accounts}. The lake's row is locked once per
-- group, its reserves are the held running balances of its two accounts (no read per swap), the burn goes to
-- the held `burned` account; pricing, the entry, the swap row, the price point and the event are exactly as
-- before. Returns {ok: what reef_market_swap returned, state: the group's state after this swap}.
CREATE FUNCTION reef_market_swap_held(p_state jsonb, p_user integer, p_from text, p_to text, p_amount numeric, p_min_out numeric,
  p_burnable boolean, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  unit constant numeric := 100000000;
  pair text := least(p_from, p_to) || '/' || greatest(p_from, p_to);
  lake jsonb := p_state->'lakes'->pair;
  held jsonb := coalesce(p_state->'held', '{}'::jsonb);
  lake_id integer;
  base_asset text;
  quote_asset text;
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
  IF lake IS NULL THEN
    SELECT to_jsonb(l) INTO lake FROM lakes l
     WHERE (l.base_asset = p_from AND l.quote_asset = p_to) OR (l.base_asset = p_to AND l.quote_asset = p_from)
     FOR UPDATE;
    IF lake IS NULL THEN
      RAISE EXCEPTION 'reef:PAIR_NOT_FOUND';
    END IF;
  END IF;
  IF NOT (lake->>'open')::boolean THEN
    RAISE EXCEPTION 'reef:EXCHANGE_CLOSED';
  END IF;
  lake_id := (lake->>'id')::integer;
  base_asset := lake->>'base_asset';
  quote_asset := lake->>'quote_asset';
  pool := 'lake:' || lake_id;
  held := reef_ledger_hold(reef_ledger_hold(held, pool, base_asset), pool, quote_asset);
  reserve_base := reef_ledger_held_balance(held, pool, base_asset) * unit;
  reserve_quote := reef_ledger_held_balance(held, pool, quote_asset) * unit;
  IF p_from = base_asset THEN
    reserve_in := reserve_base; reserve_out := reserve_quote;
  ELSE
    reserve_in := reserve_quote; reserve_out := reserve_base;
  END IF;
  IF amount_in <= 0 OR reserve_in <= 0 OR reserve_out <= 0 THEN
    RAISE EXCEPTION 'swap on an empty pool or with a non-positive amount';
  END IF;

  fee := div(amount_in * ((lake->>'fee_rate')::numeric * unit), unit);
  burn := CASE WHEN p_burnable THEN div(fee * ((lake->>'burn_share')::numeric * unit), unit) ELSE 0 END;
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
    held := reef_ledger_hold(held, 'burned', p_from);
    lines := lines || jsonb_build_array(jsonb_build_object('system', 'burned', 'asset', p_from, 'amount', burn / unit, 'kind', 'burn'));
  END IF;
  lines := lines || jsonb_build_array(
    jsonb_build_object('system', pool, 'asset', p_to, 'amount', -amount_out / unit, 'kind', 'exchange_out'),
    jsonb_build_object('user_id', p_user, 'asset', p_to, 'amount', amount_out / unit, 'kind', 'exchange_in'));
  posted := reef_ledger_post_held('exchange', p_from || '>' || p_to, p_user, p_now, lines, held);

  IF p_from = base_asset THEN
    reserve_base := reserve_base + pool_in; reserve_quote := reserve_quote - amount_out;
  ELSE
    reserve_base := reserve_base - amount_out; reserve_quote := reserve_quote + pool_in;
  END IF;
  price_after := CASE WHEN reserve_base = 0 THEN 0 ELSE div(reserve_quote * unit, reserve_base) END;
  volume := CASE WHEN p_from = quote_asset THEN amount_in ELSE amount_out END;

  INSERT INTO swaps (lake_id, user_id, entry_id, asset_in, amount_in, asset_out, amount_out, fee, burn, volume_quote, price_after, created_at)
  VALUES (lake_id, p_user, (posted->>'entry_id')::bigint, p_from, amount_in / unit, p_to, amount_out / unit, fee / unit, burn / unit,
          volume / unit, price_after / unit, p_now);
  INSERT INTO price_points (lake_id, price, kind, volume_quote, created_at) VALUES (lake_id, price_after / unit, 'swap', volume / unit, p_now);

  event := jsonb_build_object('lake_id', lake_id, 'asset_in', p_from, 'amount_in', reef_units_text(amount_in), 'asset_out', p_to,
    'amount_out', reef_units_text(amount_out), 'fee', reef_units_text(fee), 'burn', reef_units_text(burn),
    'entry_id', (posted->>'entry_id')::bigint);
  PERFORM reef_record_event('swap.executed', p_user, event, p_now);

  RETURN jsonb_build_object(
    'ok', jsonb_build_object(
      'entry_id', (posted->>'entry_id')::bigint,
      'amount_in', reef_units_text(amount_in),
      'amount_out', reef_units_text(amount_out),
      'fee', reef_units_text(fee),
      'burn', reef_units_text(burn),
      'price_after', reef_units_text(price_after),
      'balance_from', posted->'balances'->>(p_user || ':' || p_from),
      'balance_to', posted->'balances'->>(p_user || ':' || p_to),
      'event', event),
    'state', jsonb_build_object('lakes', coalesce(p_state->'lakes', '{}'::jsonb) || jsonb_build_object(pair, lake), 'held', posted->'held'));
END
$$;
--> statement-breakpoint
-- Owned by modules/market (replaces 0016's): each swap in its own subtransaction as before, now carrying the
-- group's state from one swap to the next. A refused swap's subtransaction rolls back its rows and any lock it
-- took, and its state is not kept. At the end the ledger writes the held accounts once.
CREATE OR REPLACE FUNCTION reef_market_swap_batch(p_swaps jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  item jsonb;
  state jsonb := '{}'::jsonb;
  step jsonb;
  results jsonb := '[]'::jsonb;
  outcome jsonb;
  failure_code text;
  failure_message text;
  failure_detail text;
BEGIN
  FOR i IN 0 .. jsonb_array_length(p_swaps) - 1 LOOP
    item := p_swaps->i;
    BEGIN
      step := reef_market_swap_held(state, (item->>'user')::integer, item->>'from', item->>'to', (item->>'amount')::numeric,
        (item->>'min_out')::numeric, (item->>'burnable')::boolean, (item->>'now')::timestamptz);
      state := step->'state';
      outcome := jsonb_build_object('ok', step->'ok');
    EXCEPTION WHEN others THEN
      GET STACKED DIAGNOSTICS failure_code = RETURNED_SQLSTATE, failure_message = MESSAGE_TEXT, failure_detail = PG_EXCEPTION_DETAIL;
      outcome := jsonb_build_object('error', jsonb_build_object('code', failure_code, 'message', failure_message, 'detail', nullif(failure_detail, '')));
    END;
    results := results || jsonb_build_array(outcome);
  END LOOP;
  PERFORM reef_ledger_release(state->'held');
  RETURN results;
END
$$;
--> statement-breakpoint
-- The one-swap function is replaced by reef_market_swap_held (one pricing implementation in SQL).
DROP FUNCTION reef_market_swap(integer, text, text, numeric, numeric, boolean, timestamptz);
--> statement-breakpoint
-- 2. Chat messages that wait for the database commit together (decision 068). Decision 035's id was the
-- sending transaction's id plus a base, so a transaction could store one message. Now it is
-- (transaction id + base) × 256 + the message's position in its transaction's statement (0–255): a
-- transaction can store up to 256, in order. Every id stored before is below every new one (old ids are at
-- most a past transaction id + base), and the horizon scales the same way: a message not yet committed has an
-- id of at least (its transaction id + base) × 256, and that transaction id is at least the oldest running one.
CREATE FUNCTION chat_message_id_at(p_position integer) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_position < 0 OR p_position > 255 THEN
    RAISE EXCEPTION 'a transaction stores at most 256 chat messages (position %)', p_position;
  END IF;
  RETURN (pg_current_xact_id()::text::bigint + chat_message_id_base()) * 256 + p_position;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_next_message_id() RETURNS bigint LANGUAGE sql VOLATILE AS $$ SELECT chat_message_id_at(0) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_message_horizon() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT (pg_snapshot_xmax(pg_current_snapshot())::text::bigint
    - coalesce((SELECT max(age(backend_xid)) FROM pg_stat_activity
                WHERE backend_xid IS NOT NULL AND datid = (SELECT oid FROM pg_database WHERE datname = current_database())), 0)
    + chat_message_id_base()) * 256
$$;
