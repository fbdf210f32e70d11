-- Issue 31, prices before commitment: draft trips (posted by a guest, live once their e-mail is confirmed),
-- an optional budget, and quotes that do not lapse quietly (the 12-hour warning and "ask again", once each).
ALTER TABLE "rides" DROP CONSTRAINT "rides_status_check";--> statement-breakpoint
ALTER TABLE "rides" DROP CONSTRAINT "rides_budget_check";--> statement-breakpoint
ALTER TABLE "rides" ALTER COLUMN "budget_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "lapse_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "asked_again_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_status_check" CHECK ("rides"."status" in ('draft', 'open', 'booked', 'completed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_budget_check" CHECK ("rides"."budget_cents" is null or "rides"."budget_cents" > 0);