-- Issue 14: an administrator marks a booking as a no-show (either side) or disputed, with who, when and why.
ALTER TABLE "bookings" ADD COLUMN "admin_flag" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "admin_flag_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "admin_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "admin_flagged_by" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_admin_flag_check" CHECK ("bookings"."admin_flag" is null or "bookings"."admin_flag" in ('customer_no_show', 'driver_no_show', 'disputed'));