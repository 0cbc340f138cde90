-- Decision 061: the starter-card buys waiting for one session commit together. Hand-written, owned by
-- modules/cards; it calls only the ledger's reef_ledger_post and the events' reef_record_event.
--
-- One starter purchase, the SQL twin of what cards.service did in TypeScript (decision 051), in the same order:
-- the buyer's cap row, the card, ONE ledger entry (price RUSD → `cards`, fuel fee → `burned`), the ONE
-- conditional stock UPDATE (stock left, window open by the caller's clock), the history line and the
-- `card.bought` event. p = {user, type, session, cap, price, fuel_fee, hold_until, list_by, now} (amounts as
-- exact decimal strings). Refusals: reef:CARD_LIMIT_REACHED, reef:INSUFFICIENT_BALANCE (asset in DETAIL),
-- reef:CARD_SOLD_OUT (no stock left, or the window is not open: the caller tells the two apart).
-- Returns {card_id, entry_id, balance_rusd, balance_fuel, event}: the buyer's balances after, and the payload
-- recorded (without type and user) for the caller's contract check before commit.
CREATE FUNCTION reef_cards_buy_starter(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_user integer := (p->>'user')::integer;
  v_session integer := (p->>'session')::integer;
  v_price numeric := (p->>'price')::numeric;
  v_fee numeric := (p->>'fuel_fee')::numeric;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_card bigint;
  v_lines jsonb;
  v_posted jsonb;
  v_entry bigint;
  v_event jsonb;
BEGIN
  INSERT INTO card_session_buyers AS b (session_id, user_id, bought) VALUES (v_session, v_user, 1)
    ON CONFLICT (session_id, user_id) DO UPDATE SET bought = b.bought + 1 WHERE b.bought < (p->>'cap')::integer;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'reef:CARD_LIMIT_REACHED';
  END IF;

  INSERT INTO cards (card_type_id, owner_id, price, purchase_price, purchased_at, fuel_fee, origin, session_id, hold_until, list_by)
  VALUES ((p->>'type')::integer, v_user, v_price, v_price, v_now, v_fee, 'starter', v_session, (p->>'hold_until')::timestamptz,
          (p->>'list_by')::timestamptz)
  RETURNING id INTO v_card;

  v_lines := jsonb_build_array(
    jsonb_build_object('user_id', v_user, 'asset', 'rusd', 'amount', -v_price, 'kind', 'card_buy'),
    jsonb_build_object('system', 'cards', 'asset', 'rusd', 'amount', v_price, 'kind', 'card_buy'));
  IF v_fee > 0 THEN
    v_lines := v_lines || jsonb_build_array(
      jsonb_build_object('user_id', v_user, 'asset', 'fuel', 'amount', -v_fee, 'kind', 'card_fuel_fee'),
      jsonb_build_object('system', 'burned', 'asset', 'fuel', 'amount', v_fee, 'kind', 'card_fuel_fee'));
  END IF;
  v_posted := reef_ledger_post('card_buy', 'card ' || v_card, v_user, v_now, v_lines);
  v_entry := (v_posted->>'entry_id')::bigint;

  UPDATE card_sessions s SET sold = s.sold + 1
   WHERE s.id = v_session AND s.sold < s.stock AND s.state NOT IN ('closed', 'cancelled') AND s.opens_at <= v_now AND s.closes_at > v_now;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'reef:CARD_SOLD_OUT';
  END IF;

  INSERT INTO card_history (card_id, event, owner_id, price, fuel_fee, entry_id) VALUES (v_card, 'bought', v_user, v_price, v_fee, v_entry);

  v_event := jsonb_build_object('entry_id', v_entry, 'card_id', v_card, 'card_type_id', (p->>'type')::integer, 'session_id', v_session,
    'price', p->>'price', 'fuel_fee', p->>'fuel_fee');
  -- Before the event's id is drawn, as events.repository insertEvent does (the outbox's horizon waits for us).
  PERFORM pg_advisory_xact_lock_shared(7311025);
  PERFORM reef_record_event('card.bought', v_user, v_event, v_now);

  RETURN jsonb_build_object('card_id', v_card, 'entry_id', v_entry, 'event', v_event,
    'balance_rusd', v_posted->'balances'->>(v_user || ':rusd'),
    'balance_fuel', coalesce(v_posted->'balances'->>(v_user || ':fuel'),
      (SELECT a.balance::numeric(38, 8)::text FROM ledger_accounts a WHERE a.user_id = v_user AND a.asset = 'fuel')));
END
$$;
--> statement-breakpoint
-- Runs reef_cards_buy_starter for each buy of p_buys in order, each in its own subtransaction (the BEGIN …
-- EXCEPTION block), so a refusal rolls back that buy alone — its cap row, card, entry, stock and event — and
-- the next buy sees the stock the last committed one left. Returns one element per buy, in order: {ok: <what
-- reef_cards_buy_starter returns>} or {error: {code (SQLSTATE), message, detail}} (as reef_market_swap_batch).
CREATE FUNCTION reef_cards_buy_starter_batch(p_buys jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  results jsonb := '[]'::jsonb;
  outcome jsonb;
  failure_code text;
  failure_message text;
  failure_detail text;
BEGIN
  FOR i IN 0 .. jsonb_array_length(p_buys) - 1 LOOP
    BEGIN
      outcome := jsonb_build_object('ok', reef_cards_buy_starter(p_buys->i));
    EXCEPTION WHEN others THEN
      GET STACKED DIAGNOSTICS failure_code = RETURNED_SQLSTATE, failure_message = MESSAGE_TEXT, failure_detail = PG_EXCEPTION_DETAIL;
      outcome := jsonb_build_object('error', jsonb_build_object('code', failure_code, 'message', failure_message, 'detail', nullif(failure_detail, '')));
    END;
    results := results || jsonb_build_array(outcome);
  END LOOP;
  RETURN results;
END
$$;
