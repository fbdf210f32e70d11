-- Issue 30, the day of the trip: trip status, waiting and no-shows on bookings, the driver's latest position,
-- text messages (outbox, opt-outs, the sms channel and preference) and problems reported on a booking.
CREATE TABLE "booking_positions" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy_m" double precision,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_positions_lat_check" CHECK ("booking_positions"."lat" between -90 and 90),
	CONSTRAINT "booking_positions_lng_check" CHECK ("booking_positions"."lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('pending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_channel_check";--> statement-breakpoint
ALTER TABLE "issues" DROP CONSTRAINT "issues_category_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "trip_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "trip_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sharing_position" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_dispute_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "not_happened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "not_happened_by" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_2h_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "late_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_positions" ADD CONSTRAINT "booking_positions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_dedupe_idx" ON "sms_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "sms_outbox_to_created_idx" ON "sms_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issues_booking_idx" ON "issues" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_channel_check" CHECK ("notification_deliveries"."channel" in ('email', 'push', 'sms'));--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_category_check" CHECK ("issues"."category" in ('bug', 'feature', 'improvement', 'other', 'late', 'no_show', 'not_as_booked', 'safety', 'fare_dispute'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_trip_status_check" CHECK ("bookings"."trip_status" is null or "bookings"."trip_status" in ('on_the_way', 'arrived', 'on_board', 'dropped_off'));