CREATE TABLE "lottery_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_code" text NOT NULL,
	"issue" text NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"numbers" jsonb,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lottery_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"game_code" text NOT NULL,
	"draw_id" bigint NOT NULL,
	"issue" text NOT NULL,
	"prize_mode" text NOT NULL,
	"lines" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'PLACING' NOT NULL,
	"request_key" text NOT NULL,
	"balance_before" bigint,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_issue_uq" ON "lottery_draws" USING btree ("game_code","issue");--> statement-breakpoint
CREATE INDEX "lottery_draws_game_idx" ON "lottery_draws" USING btree ("game_code","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_pending_idx" ON "lottery_draws" USING btree ("draw_at") WHERE status <> 'SETTLED';--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_tickets_request_uq" ON "lottery_tickets" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "lottery_tickets_member_idx" ON "lottery_tickets" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "lottery_tickets_draw_open_idx" ON "lottery_tickets" USING btree ("draw_id") WHERE status IN ('PLACING', 'PENDING');--> statement-breakpoint
CREATE INDEX "launch_tokens_expires_idx" ON "launch_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "house_rounds_settled_idx" ON "house_rounds" USING btree ("merchant_code","settled_at");