ALTER TABLE "wallet_rounds" ADD COLUMN "game_code" text;--> statement-breakpoint
ALTER TABLE "wallet_rounds" ADD COLUMN "category" text;--> statement-breakpoint
CREATE INDEX "wallet_rounds_member_idx" ON "wallet_rounds" USING btree ("member_id","created_at");