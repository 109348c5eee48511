ALTER TABLE "fair_seeds" ADD COLUMN "next_server_seed" text NOT NULL;--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD COLUMN "next_server_seed_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "house_rounds" ADD COLUMN "actions" jsonb DEFAULT '[]'::jsonb NOT NULL;