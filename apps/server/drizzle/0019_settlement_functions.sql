-- Decision 056: settlements in set-based SQL. Hand-written functions, each owned by the module named above
-- it (as in 0012): the settling modules call the ledger's and the events' functions, never their tables.

-- Owned by modules/ledger: one balanced journal entry crediting many user accounts at once, the set-based
-- sibling of reef_ledger_post for settlements. Line i credits p_amounts[i] (> 0) of p_assets[i] to user
-- p_user_ids[i] (bill kind p_line_kinds[i], memo p_memos[i], line time p_times[i]: the period it pays),
-- taken from the system account p_systems[i]; the system side is one line per (system account, asset).
-- Every account is locked in account-id order first (no deadlock with postEntry or reef_ledger_post). The
-- system accounts must exist (ledger.service ensureSystemAccounts); one that may not go negative and would
-- refuses the whole entry with reef:INSUFFICIENT_BALANCE. Returns the entry id (null for no lines).
CREATE FUNCTION reef_ledger_credit_batch(p_kind text, p_memo text, p_now timestamptz, p_user_ids integer[], p_assets text[],
  p_amounts numeric[], p_line_kinds text[], p_memos text[], p_times timestamptz[], p_systems text[])
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_entry bigint;
  v_lines integer := coalesce(cardinality(p_user_ids), 0);
  v_written integer;
  v_groups integer;
BEGIN
  IF v_lines = 0 THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) AS a(v) WHERE v IS NULL OR v <= 0) THEN
    RAISE EXCEPTION 'a batch credit must be positive';
  END IF;
  PERFORM 1 FROM ledger_accounts a
   WHERE a.id IN (SELECT la.id FROM unnest(p_user_ids, p_assets) AS l(u, s) JOIN ledger_accounts la ON la.user_id = l.u AND la.asset = l.s
                  UNION
                  SELECT la.id FROM unnest(p_systems, p_assets) AS l(k, s) JOIN ledger_accounts la ON la.system_key = l.k AND la.asset = l.s)
   ORDER BY a.id FOR UPDATE;

  INSERT INTO journal_entries (kind, memo, actor_id, created_at) VALUES (p_kind, p_memo, NULL, p_now) RETURNING id INTO v_entry;

  -- Each line's balance after: the account's balance (locked above, so it holds still) plus the lines so far.
  INSERT INTO postings (entry_id, account_id, user_id, asset, amount, balance_after, kind, memo, created_at)
  SELECT v_entry, a.id, l.u, l.s, l.v, a.balance + sum(l.v) OVER (PARTITION BY a.id ORDER BY l.idx), l.k, l.m, l.t
    FROM unnest(p_user_ids, p_assets, p_amounts, p_line_kinds, p_memos, p_times) WITH ORDINALITY AS l(u, s, v, k, m, t, idx)
    JOIN ledger_accounts a ON a.user_id = l.u AND a.asset = l.s
   ORDER BY l.idx;
  GET DIAGNOSTICS v_written = ROW_COUNT;
  IF v_written <> v_lines THEN
    RAISE EXCEPTION 'reef:USER_NOT_FOUND';
  END IF;
  UPDATE ledger_accounts a SET balance = a.balance + p.total
    FROM (SELECT l.u, l.s, sum(l.v) AS total FROM unnest(p_user_ids, p_assets, p_amounts) AS l(u, s, v) GROUP BY l.u, l.s) p
   WHERE a.user_id = p.u AND a.asset = p.s;

  SELECT count(*) INTO v_groups FROM (SELECT DISTINCT k, s FROM unnest(p_systems, p_assets) AS x(k, s)) g;
  WITH side AS (
    SELECT l.k AS system_key, l.s AS asset, sum(l.v) AS total FROM unnest(p_systems, p_assets, p_amounts) AS l(k, s, v) GROUP BY l.k, l.s
  ), moved AS (
    UPDATE ledger_accounts a SET balance = a.balance - side.total
      FROM side
     WHERE a.system_key = side.system_key AND a.asset = side.asset AND (a.may_go_negative OR a.balance - side.total >= 0)
    RETURNING a.id, a.asset, a.balance, side.total
  )
  INSERT INTO postings (entry_id, account_id, user_id, asset, amount, balance_after, kind, memo, created_at)
  SELECT v_entry, m.id, NULL, m.asset, -m.total, m.balance, p_kind, p_memo, p_now FROM moved m ORDER BY m.id;
  GET DIAGNOSTICS v_written = ROW_COUNT;
  IF v_written <> v_groups THEN
    RAISE EXCEPTION 'reef:INSUFFICIENT_BALANCE';
  END IF;
  RETURN v_entry;
END
$$;
--> statement-breakpoint
-- Owned by modules/events: many events of one type in one statement (the set-based sibling of
-- reef_record_event), under the outbox's shared lock like events.repository insertEvent. Returns how many.
CREATE FUNCTION reef_record_events(p_type text, p_user_ids integer[], p_payloads jsonb[], p_now timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  IF coalesce(cardinality(p_user_ids), 0) = 0 THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7311025);
  INSERT INTO business_events (type, user_id, payload, occurred_at)
  SELECT p_type, e.u, e.p, p_now FROM unnest(p_user_ids, p_payloads) WITH ORDINALITY AS e(u, p, idx) ORDER BY e.idx;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END
$$;
--> statement-breakpoint
-- Owned by modules/ledger (replaces the function of migration 0001): the deferred balance check ran once per
-- posting, each time summing the entry's postings, which is quadratic in an entry's size (a settlement entry
-- of 20,000 lines took minutes). Now each entry is checked once per transaction, at commit, when all its
-- postings are there; later rows of an entry already checked skip (the list is transaction-local).
CREATE OR REPLACE FUNCTION reef_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
  checked text := coalesce(current_setting('reef.balanced_entries', true), '');
BEGIN
  IF position(',' || NEW.entry_id || ',' IN checked) > 0 THEN
    RETURN NULL;
  END IF;
  SELECT asset INTO unbalanced
    FROM postings
   WHERE entry_id = NEW.entry_id
   GROUP BY asset
  HAVING sum(amount) <> 0
   LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance for asset %', NEW.entry_id, unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  PERFORM set_config('reef.balanced_entries', CASE WHEN checked = '' THEN ',' ELSE checked END || NEW.entry_id || ',', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Owned by modules/mining and modules/pledge: the settlement rewrites every running miner and position once a
-- period. Room on each page lets that be a heap-only update (no index touched: no indexed column changes).
ALTER TABLE mining_miners SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE pledge_positions SET (fillfactor = 70);
