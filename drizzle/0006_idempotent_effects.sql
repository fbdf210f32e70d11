ALTER TABLE "idempotency_keys" ADD COLUMN "effect_ref" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "effect_at" timestamp with time zone;