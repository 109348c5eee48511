-- The ledger's posting updates each of its two accounts by its key (platform/ledger/service.ts,
-- `postingCtes`). When a transaction that committed meanwhile changed an account's row,
-- PostgreSQL runs the UPDATE on the row's latest version and evaluates its condition there
-- again: this function is that condition. On the statement's snapshot it holds (the posting
-- checked it there first); if it no longer holds on the latest version (a concurrent movement
-- spent the balance), the statement fails as a serialization failure, changes nothing, and the
-- ledger runs it again from a new snapshot, where it is refused cleanly.
CREATE OR REPLACE FUNCTION "ledger_balance_held"(p_holds boolean) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
	IF NOT p_holds THEN
		RAISE EXCEPTION 'a ledger account''s balance changed while the posting waited for it' USING ERRCODE = '40001';
	END IF;
	RETURN true;
END
$$;
