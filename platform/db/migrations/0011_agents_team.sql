CREATE TABLE "member_tree" (
	"ancestor_id" integer NOT NULL,
	"descendant_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	CONSTRAINT "member_tree_ancestor_id_depth_descendant_id_pk" PRIMARY KEY("ancestor_id","depth","descendant_id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "rebate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_descendant_id_members_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_tree_descendant_idx" ON "member_tree" USING btree ("descendant_id","ancestor_id");--> statement-breakpoint
CREATE INDEX "members_upline_idx" ON "members" USING btree ("upline_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_member_idx" ON "wallet_transactions" USING btree ("member_id","created_at");--> statement-breakpoint
INSERT INTO "member_tree" ("ancestor_id", "descendant_id", "depth")
WITH RECURSIVE "up"("descendant_id", "ancestor_id", "depth") AS (
  SELECT "id", "id", 0 FROM "members"
  UNION ALL
  SELECT "up"."descendant_id", "u"."id", "up"."depth" + 1
  FROM "up"
  JOIN "members" "m" ON "m"."id" = "up"."ancestor_id"
  JOIN "members" "u" ON "u"."id" = "m"."upline_id"
  WHERE "up"."depth" < 1000
)
SELECT "ancestor_id", "descendant_id", "depth" FROM "up" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "member_tree_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_tree" ("ancestor_id", "descendant_id", "depth")
  SELECT NEW."id", NEW."id", 0
  UNION ALL
  SELECT t."ancestor_id", NEW."id", t."depth" + 1 FROM "member_tree" t WHERE t."descendant_id" = NEW."upline_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "members_tree_insert" AFTER INSERT ON "members" FOR EACH ROW EXECUTE FUNCTION "member_tree_on_insert"();
--> statement-breakpoint
CREATE FUNCTION "member_tree_on_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."upline_id" IS NOT DISTINCT FROM OLD."upline_id" THEN
    RETURN NULL;
  END IF;
  IF NEW."upline_id" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "member_tree" WHERE "ancestor_id" = NEW."id" AND "descendant_id" = NEW."upline_id"
  ) THEN
    RAISE EXCEPTION 'a member cannot be placed under its own team' USING ERRCODE = 'check_violation';
  END IF;
  -- Cut the subtree from its old uplines, then hang it under the new one.
  DELETE FROM "member_tree" d
  WHERE d."descendant_id" IN (SELECT "descendant_id" FROM "member_tree" WHERE "ancestor_id" = NEW."id")
    AND d."ancestor_id" IN (SELECT "ancestor_id" FROM "member_tree" WHERE "descendant_id" = NEW."id" AND "ancestor_id" <> NEW."id");
  INSERT INTO "member_tree" ("ancestor_id", "descendant_id", "depth")
  SELECT sup."ancestor_id", sub."descendant_id", sup."depth" + sub."depth" + 1
  FROM "member_tree" sup, "member_tree" sub
  WHERE sup."descendant_id" = NEW."upline_id" AND sub."ancestor_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "members_tree_move" AFTER UPDATE OF "upline_id" ON "members" FOR EACH ROW EXECUTE FUNCTION "member_tree_on_move"();
