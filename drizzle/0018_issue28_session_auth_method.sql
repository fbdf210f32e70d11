ALTER TABLE "sessions" ADD COLUMN "auth_method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
-- Sessions made before this column cannot say how they were made: an administrator's would read as
-- password-only and lose admin rights anyway, so they end now and the administrator signs in again with
-- the second factor.
DELETE FROM "sessions" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "user_type" = 'admin');
