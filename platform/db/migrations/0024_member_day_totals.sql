CREATE TABLE "member_day_totals" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"rollbacks" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_day_totals_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
-- Team figures per member and day of the brand's time zone (ADR 022), kept by the database in
-- the same transaction as the rows they sum. Every rule here is the one platform/agents/team.ts
-- applies to the raw rows (its `rawFiguresByHead`), and a test compares the two.
CREATE OR REPLACE FUNCTION "member_local_day"(p_member integer, p_at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
	SELECT (p_at AT TIME ZONE coalesce((SELECT s.settings->>'timeZone' FROM members m JOIN merchants s ON s.code = m.merchant_code WHERE m.id = p_member), 'UTC'))::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_day_add"(p_member integer, p_at timestamptz, p_deposits bigint, p_withdrawals bigint, p_bets bigint, p_bet_count integer, p_rollbacks bigint, p_wins bigint, p_valid_bet bigint) RETURNS void LANGUAGE sql AS $$
	INSERT INTO member_day_totals AS t (member_id, day, deposits, withdrawals, bets, bet_count, rollbacks, wins, valid_bet)
	VALUES (p_member, member_local_day(p_member, p_at), p_deposits, p_withdrawals, p_bets, p_bet_count, p_rollbacks, p_wins, p_valid_bet)
	ON CONFLICT (member_id, day) DO UPDATE SET
		deposits = t.deposits + EXCLUDED.deposits, withdrawals = t.withdrawals + EXCLUDED.withdrawals,
		bets = t.bets + EXCLUDED.bets, bet_count = t.bet_count + EXCLUDED.bet_count,
		rollbacks = t.rollbacks + EXCLUDED.rollbacks, wins = t.wins + EXCLUDED.wins, valid_bet = t.valid_bet + EXCLUDED.valid_bet
$$;
--> statement-breakpoint
-- Deposits, wins and rollbacks credited to a member's account, bets debited from it, and the
-- payout of a withdrawal (it leaves the shared hold account: the withdrawal names the member).
CREATE OR REPLACE FUNCTION "member_day_totals_transfer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	m integer;
BEGIN
	IF NEW.kind IN ('deposit', 'win', 'rollback') THEN
		SELECT member_id INTO m FROM ledger_accounts WHERE id = NEW.credit_account_id AND kind = 'member';
		IF m IS NOT NULL THEN
			PERFORM member_day_add(m, NEW.created_at,
				CASE WHEN NEW.kind = 'deposit' THEN NEW.amount ELSE 0 END, 0, 0, 0,
				CASE WHEN NEW.kind = 'rollback' THEN NEW.amount ELSE 0 END,
				CASE WHEN NEW.kind = 'win' THEN NEW.amount ELSE 0 END, 0);
		END IF;
	ELSIF NEW.kind = 'bet' THEN
		SELECT member_id INTO m FROM ledger_accounts WHERE id = NEW.debit_account_id AND kind = 'member';
		IF m IS NOT NULL THEN
			PERFORM member_day_add(m, NEW.created_at, 0, 0, NEW.amount, 1, 0, 0, 0);
		END IF;
	ELSIF NEW.kind = 'withdraw_payout' AND NEW.idempotency_key ~ '^withdrawal:[0-9]{1,9}:payout$' THEN
		SELECT member_id INTO m FROM withdrawals WHERE id = split_part(NEW.idempotency_key, ':', 2)::integer;
		IF m IS NOT NULL THEN
			PERFORM member_day_add(m, NEW.created_at, 0, NEW.amount, 0, 0, 0, 0, 0);
		END IF;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_member_day_totals" AFTER INSERT ON "ledger_transfers" FOR EACH ROW EXECUTE FUNCTION "member_day_totals_transfer"();
--> statement-breakpoint
-- Valid bets: an in-house round's stake once it is settled (on its settlement day).
CREATE OR REPLACE FUNCTION "member_day_totals_round"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND OLD.status = 'SETTLED' AND OLD.settled_at IS NOT NULL AND NEW.status IS DISTINCT FROM 'SETTLED' THEN
		PERFORM member_day_add(OLD.member_id, OLD.settled_at, 0, 0, 0, 0, 0, 0, -OLD.stake);
	END IF;
	IF NEW.status = 'SETTLED' AND NEW.settled_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'SETTLED') THEN
		PERFORM member_day_add(NEW.member_id, NEW.settled_at, 0, 0, 0, 0, 0, 0, NEW.stake);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "house_rounds_member_day_totals" AFTER INSERT OR UPDATE OF "status" ON "house_rounds" FOR EACH ROW EXECUTE FUNCTION "member_day_totals_round"();
--> statement-breakpoint
-- Valid bets: a lottery ticket's stake once it is won or lost (on its settlement day).
CREATE OR REPLACE FUNCTION "member_day_totals_ticket"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND OLD.status IN ('WON', 'LOST') AND OLD.settled_at IS NOT NULL AND NEW.status NOT IN ('WON', 'LOST') THEN
		PERFORM member_day_add(OLD.member_id, OLD.settled_at, 0, 0, 0, 0, 0, 0, -OLD.stake);
	END IF;
	IF NEW.status IN ('WON', 'LOST') AND NEW.settled_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.status NOT IN ('WON', 'LOST')) THEN
		PERFORM member_day_add(NEW.member_id, NEW.settled_at, 0, 0, 0, 0, 0, 0, NEW.stake);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lottery_tickets_member_day_totals" AFTER INSERT OR UPDATE OF "status" ON "lottery_tickets" FOR EACH ROW EXECUTE FUNCTION "member_day_totals_ticket"();
--> statement-breakpoint
-- Valid bets: a vendor round's debits (not rolled back) once the round is closed, on each
-- debit's day. The wallet refuses debits and rollbacks on a closed round, and a round never
-- reopens, so closing is the one moment they become valid.
CREATE OR REPLACE FUNCTION "member_day_totals_wallet_round"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d record;
BEGIN
	IF NEW.status = 'CLOSED' AND OLD.status IS DISTINCT FROM 'CLOSED' AND NEW.vendor_code <> 'HOUSE' THEN
		FOR d IN SELECT member_id, created_at, amount FROM wallet_transactions
			WHERE vendor_code = NEW.vendor_code AND round_id = NEW.round_id AND type = 'debit' AND status = 'OK'
		LOOP
			PERFORM member_day_add(d.member_id, d.created_at, 0, 0, 0, 0, 0, 0, d.amount);
		END LOOP;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_rounds_member_day_totals" AFTER UPDATE OF "status" ON "wallet_rounds" FOR EACH ROW EXECUTE FUNCTION "member_day_totals_wallet_round"();
--> statement-breakpoint
-- The totals computed from the rows, for one merchant or all (NULL): what the triggers must have
-- kept (the ledger check compares them) and what a rebuild writes.
CREATE OR REPLACE FUNCTION "member_day_totals_from_rows"(p_merchant text)
RETURNS TABLE (member_id integer, day date, deposits bigint, withdrawals bigint, bets bigint, bet_count integer, rollbacks bigint, wins bigint, valid_bet bigint)
LANGUAGE sql STABLE AS $$
	WITH rows AS (
		SELECT a.member_id, tr.created_at AS at,
			CASE WHEN tr.kind = 'deposit' THEN tr.amount ELSE 0 END AS deposits, 0::bigint AS withdrawals, 0::bigint AS bets, 0 AS bet_count,
			CASE WHEN tr.kind = 'rollback' THEN tr.amount ELSE 0 END AS rollbacks, CASE WHEN tr.kind = 'win' THEN tr.amount ELSE 0 END AS wins, 0::bigint AS valid_bet
		FROM ledger_transfers tr JOIN ledger_accounts a ON a.id = tr.credit_account_id AND a.kind = 'member'
		WHERE tr.kind IN ('deposit', 'win', 'rollback')
		UNION ALL
		SELECT a.member_id, tr.created_at, 0, 0, tr.amount, 1, 0, 0, 0
		FROM ledger_transfers tr JOIN ledger_accounts a ON a.id = tr.debit_account_id AND a.kind = 'member'
		WHERE tr.kind = 'bet'
		UNION ALL
		SELECT w.member_id, tr.created_at, 0, tr.amount, 0, 0, 0, 0, 0
		FROM withdrawals w JOIN ledger_transfers tr ON tr.idempotency_key = 'withdrawal:' || w.id || ':payout'
		WHERE tr.kind = 'withdraw_payout'
		UNION ALL
		SELECT r.member_id, r.settled_at, 0, 0, 0, 0, 0, 0, r.stake FROM house_rounds r WHERE r.status = 'SETTLED' AND r.settled_at IS NOT NULL
		UNION ALL
		SELECT l.member_id, l.settled_at, 0, 0, 0, 0, 0, 0, l.stake FROM lottery_tickets l WHERE l.status IN ('WON', 'LOST') AND l.settled_at IS NOT NULL
		UNION ALL
		SELECT w.member_id, w.created_at, 0, 0, 0, 0, 0, 0, w.amount FROM wallet_transactions w
		JOIN wallet_rounds wr ON wr.vendor_code = w.vendor_code AND wr.round_id = w.round_id AND wr.status = 'CLOSED'
		WHERE w.vendor_code <> 'HOUSE' AND w.type = 'debit' AND w.status = 'OK'
	)
	SELECT r.member_id, (r.at AT TIME ZONE z.tz)::date, sum(r.deposits)::bigint, sum(r.withdrawals)::bigint, sum(r.bets)::bigint, sum(r.bet_count)::integer,
		sum(r.rollbacks)::bigint, sum(r.wins)::bigint, sum(r.valid_bet)::bigint
	FROM rows r LEFT JOIN members m ON m.id = r.member_id LEFT JOIN merchants s ON s.code = m.merchant_code
	CROSS JOIN LATERAL (SELECT coalesce(s.settings->>'timeZone', 'UTC') AS tz) z
	WHERE p_merchant IS NULL OR m.merchant_code = p_merchant
	GROUP BY 1, 2
$$;
--> statement-breakpoint
-- Recomputes the stored totals from the rows: the backfill below, bulk loads that bypass
-- triggers, and a change of the brand's time zone.
CREATE OR REPLACE FUNCTION "member_day_totals_rebuild"(p_merchant text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM member_day_totals d USING members m WHERE m.id = d.member_id AND (p_merchant IS NULL OR m.merchant_code = p_merchant);
	INSERT INTO member_day_totals (member_id, day, deposits, withdrawals, bets, bet_count, rollbacks, wins, valid_bet)
	SELECT * FROM member_day_totals_from_rows(p_merchant);
END
$$;
--> statement-breakpoint
SELECT member_day_totals_rebuild(NULL);
