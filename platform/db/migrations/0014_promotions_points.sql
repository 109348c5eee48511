CREATE TABLE "promotion_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"status" text NOT NULL,
	"comment" text,
	"note" text,
	"amount" bigint,
	"currency" text,
	"wagering" bigint DEFAULT 0 NOT NULL,
	"transfer_id" bigint,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"image_url" text,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"rule" text NOT NULL,
	"rate_bp" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"cap" bigint DEFAULT 0 NOT NULL,
	"min_deposit" bigint DEFAULT 0 NOT NULL,
	"wagering_multiplier" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_balances" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "points_balances_non_negative" CHECK ("points_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"type" text NOT NULL,
	"points" bigint NOT NULL,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"image_url" text,
	"price" bigint NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"per_member_limit" integer DEFAULT 0 NOT NULL,
	"physical" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_goods_stock_non_negative" CHECK ("points_goods"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"address" text,
	"status" text DEFAULT 'IN_PROCESS' NOT NULL,
	"note" text,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "points_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"bet_ratios" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deposit_ratio" integer DEFAULT 0 NOT NULL,
	"convert_ratio" integer DEFAULT 0 NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_balances" ADD CONSTRAINT "points_balances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_goods" ADD CONSTRAINT "points_goods_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_goods_id_points_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."points_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_settings" ADD CONSTRAINT "points_settings_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_entries_member_uq" ON "promotion_entries" USING btree ("promotion_id","member_id");--> statement-breakpoint
CREATE INDEX "promotion_entries_member_idx" ON "promotion_entries" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "promotion_entries_status_idx" ON "promotion_entries" USING btree ("merchant_code","status");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_uq" ON "promotions" USING btree ("merchant_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_source_uq" ON "points_entries" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "points_entries_member_idx" ON "points_entries" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_goods_code_uq" ON "points_goods" USING btree ("merchant_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "points_redemptions_request_uq" ON "points_redemptions" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "points_redemptions_member_idx" ON "points_redemptions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "points_redemptions_status_idx" ON "points_redemptions" USING btree ("merchant_code","status");