CREATE TABLE "games" (
	"node_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_node_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_code" text NOT NULL,
	"game_type" text NOT NULL,
	"game_code" text NOT NULL,
	"is_game" text DEFAULT 'GAME' NOT NULL,
	"names" jsonb NOT NULL,
	"icon_url" text NOT NULL,
	"support_play" integer DEFAULT 1 NOT NULL,
	"sub_type" text,
	"min_bet" bigint DEFAULT 100 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"hot_rank" integer,
	"maintenance" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "winners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "winners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"account" text NOT NULL,
	"node_id" integer NOT NULL,
	"win_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"won_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vendor_code_vendors_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."vendors"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_node_id_games_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."games"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code_uq" ON "games" USING btree ("vendor_code","game_code");--> statement-breakpoint
CREATE INDEX "games_type_vendor_idx" ON "games" USING btree ("game_type","vendor_code");--> statement-breakpoint
CREATE INDEX "games_hot_idx" ON "games" USING btree ("hot_rank");--> statement-breakpoint
CREATE INDEX "winners_merchant_time_idx" ON "winners" USING btree ("merchant_code","won_at");