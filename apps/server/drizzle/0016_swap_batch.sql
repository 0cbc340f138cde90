-- Decision 047: the swaps waiting for one lake commit together. Hand-written, owned by modules/market.
-- Runs reef_market_swap (migration 0012) for each swap of p_swaps in order, each in its own subtransaction
-- (the BEGIN … EXCEPTION block), so a refusal rolls back that swap alone — its entry, swap row, price point,
-- event, and the lake lock if it took it — and the next swap prices against the reserves the last committed
-- one left. p_swaps is [{user, from, to, amount, min_out, burnable, now}]. Returns one element per swap, in
-- order: {ok: <what reef_market_swap returns>} or {error: {code (SQLSTATE), message, detail}}.
CREATE FUNCTION reef_market_swap_batch(p_swaps jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  item jsonb;
  results jsonb := '[]'::jsonb;
  outcome jsonb;
  failure_code text;
  failure_message text;
  failure_detail text;
BEGIN
  FOR i IN 0 .. jsonb_array_length(p_swaps) - 1 LOOP
    item := p_swaps->i;
    BEGIN
      outcome := jsonb_build_object('ok', reef_market_swap((item->>'user')::integer, item->>'from', item->>'to', (item->>'amount')::numeric,
        (item->>'min_out')::numeric, (item->>'burnable')::boolean, (item->>'now')::timestamptz));
    EXCEPTION WHEN others THEN
      GET STACKED DIAGNOSTICS failure_code = RETURNED_SQLSTATE, failure_message = MESSAGE_TEXT, failure_detail = PG_EXCEPTION_DETAIL;
      outcome := jsonb_build_object('error', jsonb_build_object('code', failure_code, 'message', failure_message, 'detail', nullif(failure_detail, '')));
    END;
    results := results || jsonb_build_array(outcome);
  END LOOP;
  RETURN results;
END
$$;
