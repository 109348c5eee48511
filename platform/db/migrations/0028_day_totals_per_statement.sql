-- The team figures' day totals for ledger transfers, kept once per statement instead of once per
-- row (ADR 022, amended 2026-11-30). A row trigger ran two PL/pgSQL calls and two statements (the
-- member's account, then the upsert) for every transfer: a fifth of the database's time in a batch
-- of bet settlements (bench/README.md, fourteenth stop). This trigger reads the statement's new
-- rows as a transition table and adds them in one upsert, grouped by member and day, in (member,
-- day) order. It counts what the row trigger counted, by the rules of member_day_totals_from_rows,
-- which the ledger check compares with the stored totals.
CREATE OR REPLACE FUNCTION "member_day_totals_transfers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO member_day_totals AS t (member_id, day, deposits, withdrawals, bets, bet_count, rollbacks, wins, valid_bet)
	SELECT r.member_id,
		(r.at AT TIME ZONE coalesce((SELECT s.settings->>'timeZone' FROM members m JOIN merchants s ON s.code = m.merchant_code WHERE m.id = r.member_id), 'UTC'))::date,
		sum(r.deposits)::bigint, sum(r.withdrawals)::bigint, sum(r.bets)::bigint, sum(r.bet_count)::integer,
		sum(r.rollbacks)::bigint, sum(r.wins)::bigint, 0
	FROM new_transfers n
	-- Each row's member, and the brand's time zone, by lookups of their own (LATERAL, a scalar
	-- subquery): the plan is kept for the connection, whatever the number of rows it was made for.
	CROSS JOIN LATERAL (
		SELECT a.member_id, n.created_at AS at,
			CASE WHEN n.kind = 'deposit' THEN n.amount ELSE 0 END AS deposits, 0::bigint AS withdrawals, 0::bigint AS bets, 0 AS bet_count,
			CASE WHEN n.kind = 'rollback' THEN n.amount ELSE 0 END AS rollbacks, CASE WHEN n.kind = 'win' THEN n.amount ELSE 0 END AS wins
		FROM ledger_accounts a WHERE n.kind IN ('deposit', 'win', 'rollback') AND a.id = n.credit_account_id AND a.kind = 'member'
		UNION ALL
		SELECT a.member_id, n.created_at, 0, 0, n.amount, 1, 0, 0
		FROM ledger_accounts a WHERE n.kind = 'bet' AND a.id = n.debit_account_id AND a.kind = 'member'
		UNION ALL
		-- A withdrawal's payout leaves the shared hold account: the withdrawal names the member.
		SELECT w.member_id, n.created_at, 0, n.amount, 0, 0, 0, 0
		FROM withdrawals w WHERE n.kind = 'withdraw_payout'
			AND w.id = CASE WHEN n.idempotency_key ~ '^withdrawal:[0-9]{1,9}:payout$' THEN split_part(n.idempotency_key, ':', 2)::integer END
	) r
	GROUP BY 1, 2
	ORDER BY 1, 2
	ON CONFLICT (member_id, day) DO UPDATE SET
		deposits = t.deposits + EXCLUDED.deposits, withdrawals = t.withdrawals + EXCLUDED.withdrawals,
		bets = t.bets + EXCLUDED.bets, bet_count = t.bet_count + EXCLUDED.bet_count,
		rollbacks = t.rollbacks + EXCLUDED.rollbacks, wins = t.wins + EXCLUDED.wins;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "ledger_transfers_member_day_totals" ON "ledger_transfers";
--> statement-breakpoint
DROP FUNCTION "member_day_totals_transfer"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_member_day_totals" AFTER INSERT ON "ledger_transfers" REFERENCING NEW TABLE AS new_transfers
	FOR EACH STATEMENT EXECUTE FUNCTION "member_day_totals_transfers"();
