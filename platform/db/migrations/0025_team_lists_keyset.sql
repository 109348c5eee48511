DROP INDEX "ledger_transfers_debit_idx";--> statement-breakpoint
DROP INDEX "ledger_transfers_credit_idx";--> statement-breakpoint
DROP INDEX "house_rounds_member_idx";--> statement-breakpoint
DROP INDEX "lottery_tickets_member_idx";--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_time_idx" ON "ledger_transfers" USING btree ("debit_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_time_idx" ON "ledger_transfers" USING btree ("credit_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_time_idx" ON "ledger_transfers" USING btree ("merchant_code","created_at","id");--> statement-breakpoint
CREATE INDEX "house_rounds_member_time_idx" ON "house_rounds" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "house_rounds_time_idx" ON "house_rounds" USING btree ("merchant_code","created_at","id");--> statement-breakpoint
CREATE INDEX "lottery_tickets_member_time_idx" ON "lottery_tickets" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lottery_tickets_time_idx" ON "lottery_tickets" USING btree ("merchant_code","created_at","id");