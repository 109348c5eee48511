CREATE TABLE "jackpot_totals" (
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"settled_stake" bigint NOT NULL,
	"jackpot_wins" bigint NOT NULL,
	"rounds" bigint NOT NULL,
	CONSTRAINT "jackpot_totals_merchant_code_currency_day_shard_pk" PRIMARY KEY("merchant_code","currency","day","shard")
);
--> statement-breakpoint
-- The totals are kept by the database itself: a round that becomes SETTLED adds its stake (and
-- its win when it is jackpot-sized, 500x the stake or more) in the same transaction.
CREATE OR REPLACE FUNCTION "jackpot_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status = 'SETTLED' AND NEW.settled_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'SETTLED') THEN
		INSERT INTO jackpot_totals AS t (merchant_code, currency, day, shard, settled_stake, jackpot_wins, rounds)
		VALUES (NEW.merchant_code, NEW.currency, (NEW.settled_at AT TIME ZONE 'UTC')::date, (NEW.id % 16)::smallint, NEW.stake,
			CASE WHEN NEW.stake > 0 AND NEW.win >= NEW.stake * 500 THEN NEW.win ELSE 0 END, 1)
		ON CONFLICT (merchant_code, currency, day, shard) DO UPDATE
			SET settled_stake = t.settled_stake + EXCLUDED.settled_stake, jackpot_wins = t.jackpot_wins + EXCLUDED.jackpot_wins, rounds = t.rounds + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "house_rounds_jackpot_totals" AFTER INSERT OR UPDATE OF "status" ON "house_rounds" FOR EACH ROW EXECUTE FUNCTION "jackpot_totals_add"();
--> statement-breakpoint
INSERT INTO "jackpot_totals" ("merchant_code", "currency", "day", "shard", "settled_stake", "jackpot_wins", "rounds")
SELECT merchant_code, currency, (settled_at AT TIME ZONE 'UTC')::date, (id % 16)::smallint, sum(stake),
	coalesce(sum(win) FILTER (WHERE stake > 0 AND win >= stake * 500), 0), count(*)
FROM "house_rounds" WHERE status = 'SETTLED' AND settled_at IS NOT NULL
GROUP BY 1, 2, 3, 4;
