-- Issue 14: the admin user search in one column. A driver's trading name is copied onto users by a trigger
-- so that one trigram index serves every search (a union with a second table's index sorted thousands of
-- rows per search: bench/README.md).
DROP INDEX "drivers_company_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_business_name" text;--> statement-breakpoint
UPDATE "users" u SET "search_business_name" = d."company_name" FROM "drivers" d WHERE d."user_id" = u."id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(full_name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(search_business_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION drivers_copy_business_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET search_business_name = NEW.company_name
   WHERE id = NEW.user_id AND search_business_name IS DISTINCT FROM NEW.company_name;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER drivers_copy_business_name AFTER INSERT OR UPDATE OF company_name ON drivers
  FOR EACH ROW EXECUTE FUNCTION drivers_copy_business_name();
