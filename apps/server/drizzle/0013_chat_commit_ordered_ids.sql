-- Hand-written (decision 035): chat message ids come from the sending transaction's id instead of a
-- sequence, so sync can read "everything below the oldest transaction still running" and never skip a
-- message that commits late, without one database-wide lock on every insert.
-- The base keeps new ids above every id the old sequence handed out (an id is the transaction id + base).
DO $$
DECLARE base bigint := (SELECT coalesce(max(id), 0) FROM chat_messages);
BEGIN
  EXECUTE format('CREATE FUNCTION chat_message_id_base() RETURNS bigint LANGUAGE sql IMMUTABLE AS %L', format('SELECT %s::bigint', base));
END $$;--> statement-breakpoint
-- One message per transaction: a second insert in the same transaction would reuse the id (primary key error).
CREATE FUNCTION chat_next_message_id() RETURNS bigint LANGUAGE sql VOLATILE AS $$ SELECT pg_current_xact_id()::text::bigint + chat_message_id_base() $$;--> statement-breakpoint
-- Every chat message not yet committed has an id at or above this: its transaction is running in this
-- database (its id is at least the oldest running one's) or has no id yet (it will get one at or above the
-- snapshot's xmax). Only this database's transactions count, so a long transaction elsewhere on the same
-- server does not hold sync back. age() is measured from a point no earlier than xmax, so the result can
-- only be lower than exact, never higher. Readers call it in its own statement, before reading rows.
CREATE FUNCTION chat_message_horizon() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint
    - coalesce((SELECT max(age(backend_xid)) FROM pg_stat_activity
                WHERE backend_xid IS NOT NULL AND datid = (SELECT oid FROM pg_database WHERE datname = current_database())), 0)
    + chat_message_id_base()
$$;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "id" SET DEFAULT chat_next_message_id();--> statement-breakpoint
DROP SEQUENCE IF EXISTS "chat_messages_id_seq";
