CREATE TABLE "referral_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"referrer_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"deposit_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebate_bets" (
	"source_key" text PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"category" text NOT NULL,
	"stake" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebate_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebate_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"period" text DEFAULT 'daily' NOT NULL,
	"min_amount" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"mission_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"period_key" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"title" jsonb NOT NULL,
	"category" text,
	"period" text DEFAULT 'weekly' NOT NULL,
	"target" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_members_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_friend_id_members_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_bets" ADD CONSTRAINT "rebate_bets_claim_id_rebate_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."rebate_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_claims" ADD CONSTRAINT "rebate_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_settings" ADD CONSTRAINT "rebate_settings_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_friend_uq" ON "referral_rewards" USING btree ("promotion_id","friend_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_id","id");--> statement-breakpoint
CREATE INDEX "rebate_bets_claim_idx" ON "rebate_bets" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_claims_period_uq" ON "rebate_claims" USING btree ("member_id","period_key");--> statement-breakpoint
CREATE INDEX "rebate_claims_merchant_idx" ON "rebate_claims" USING btree ("merchant_code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_claims_period_uq" ON "mission_claims" USING btree ("mission_id","member_id","period_key");--> statement-breakpoint
CREATE INDEX "mission_claims_member_idx" ON "mission_claims" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "missions_code_uq" ON "missions" USING btree ("merchant_code","code");