CREATE TABLE "agent_contract_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_contract_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"actor_account" text DEFAULT '' NOT NULL,
	"terms" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contract_limits" (
	"member_id" integer NOT NULL,
	"scheme" text NOT NULL,
	"max_rate" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contract_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_contract_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"scheme" text NOT NULL,
	"period_key" text NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"valid_bet" bigint NOT NULL,
	"profit_loss" bigint NOT NULL,
	"active_members" integer NOT NULL,
	"bet_amount" bigint NOT NULL,
	"tier" integer NOT NULL,
	"rate" integer NOT NULL,
	"base" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"carry_in" bigint DEFAULT 0 NOT NULL,
	"carry_out" bigint DEFAULT 0 NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"upline_id" integer NOT NULL,
	"downline_id" integer NOT NULL,
	"scheme" text NOT NULL,
	"period" text,
	"tiers" jsonb NOT NULL,
	"top_rate" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"ends_contract_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offered_by" text DEFAULT 'upline' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_modules" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"enable_ct" boolean DEFAULT false NOT NULL,
	"salary" boolean DEFAULT false NOT NULL,
	"hour_salary" boolean DEFAULT false NOT NULL,
	"agent_realtime_salary" boolean DEFAULT false NOT NULL,
	"enable_salary" boolean DEFAULT false NOT NULL,
	"enable_contract" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_contract_events" ADD CONSTRAINT "agent_contract_events_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_limits" ADD CONSTRAINT "agent_contract_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_payments" ADD CONSTRAINT "agent_contract_payments_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_upline_id_members_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_downline_id_members_id_fk" FOREIGN KEY ("downline_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_modules" ADD CONSTRAINT "agent_modules_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_contract_events_contract_idx" ON "agent_contract_events" USING btree ("contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_limits_uq" ON "agent_contract_limits" USING btree ("member_id","scheme");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_payments_period_uq" ON "agent_contract_payments" USING btree ("contract_id","period_key");--> statement-breakpoint
CREATE INDEX "agent_contract_payments_member_idx" ON "agent_contract_payments" USING btree ("member_id","period_from");--> statement-breakpoint
CREATE INDEX "agent_contracts_downline_idx" ON "agent_contracts" USING btree ("downline_id","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_upline_idx" ON "agent_contracts" USING btree ("upline_id","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_active_idx" ON "agent_contracts" USING btree ("scheme","status");