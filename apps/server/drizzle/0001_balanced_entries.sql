-- A journal entry must balance: per asset, its postings sum to zero. Checked at commit (deferred),
-- so the ledger can insert an entry's postings one by one inside its transaction.
CREATE FUNCTION reef_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
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
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_entry_balanced
  AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION reef_check_entry_balanced();
--> statement-breakpoint
-- Postings and entries are history: never edited, never deleted.
CREATE FUNCTION reef_refuse_ledger_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger history is append-only (% on %)', TG_OP, TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION reef_refuse_ledger_rewrite();
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION reef_refuse_ledger_rewrite();
