-- The team figures' triggers (ADR 022) ran a LANGUAGE sql function for every ledger transfer and
-- every settled round: PostgreSQL parses and plans the statements of a SQL function again on each
-- call, and member_local_day nested a second one. That cost a bet settlement a third of its rate
-- (bench/README.md, 2026-11-28 evening). As PL/pgSQL, the one statement is planned once per
-- connection and kept; what it computes is unchanged (member_day_totals_from_rows still agrees).
CREATE OR REPLACE FUNCTION "member_day_add"(p_member integer, p_at timestamptz, p_deposits bigint, p_withdrawals bigint, p_bets bigint, p_bet_count integer, p_rollbacks bigint, p_wins bigint, p_valid_bet bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO member_day_totals AS t (member_id, day, deposits, withdrawals, bets, bet_count, rollbacks, wins, valid_bet)
	VALUES (p_member,
		(p_at AT TIME ZONE coalesce((SELECT s.settings->>'timeZone' FROM members m JOIN merchants s ON s.code = m.merchant_code WHERE m.id = p_member), 'UTC'))::date,
		p_deposits, p_withdrawals, p_bets, p_bet_count, p_rollbacks, p_wins, p_valid_bet)
	ON CONFLICT (member_id, day) DO UPDATE SET
		deposits = t.deposits + EXCLUDED.deposits, withdrawals = t.withdrawals + EXCLUDED.withdrawals,
		bets = t.bets + EXCLUDED.bets, bet_count = t.bet_count + EXCLUDED.bet_count,
		rollbacks = t.rollbacks + EXCLUDED.rollbacks, wins = t.wins + EXCLUDED.wins, valid_bet = t.valid_bet + EXCLUDED.valid_bet;
END
$$;
