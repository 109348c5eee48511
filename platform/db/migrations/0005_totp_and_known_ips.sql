CREATE TABLE "member_ips" (
	"member_id" integer NOT NULL,
	"ip" text NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "member_ips" ADD CONSTRAINT "member_ips_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_ips_uq" ON "member_ips" USING btree ("member_id","ip");