CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ride_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"price_cents" integer NOT NULL,
	"fare_statement" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_quote_id_unique" UNIQUE("quote_id"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_price_check" CHECK ("bookings"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ride_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_cents" integer NOT NULL,
	"message" text NOT NULL,
	"vehicle" text DEFAULT '' NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"ride_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('pending', 'needs_confirmation', 'accepted', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "quotes_price_check" CHECK ("quotes"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"rater_id" uuid NOT NULL,
	"ratee_id" uuid NOT NULL,
	"stars" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_stars_check" CHECK ("ratings"."stars" between 1 and 5),
	CONSTRAINT "ratings_not_self_check" CHECK ("ratings"."rater_id" <> "ratings"."ratee_id")
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"pickup_locality" text NOT NULL,
	"pickup_postcode" text NOT NULL,
	"pickup_address" text DEFAULT '' NOT NULL,
	"pickup_lat" double precision NOT NULL,
	"pickup_lng" double precision NOT NULL,
	"destination_locality" text NOT NULL,
	"destination_postcode" text NOT NULL,
	"destination_address" text DEFAULT '' NOT NULL,
	"destination_lat" double precision NOT NULL,
	"destination_lng" double precision NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"passengers" integer NOT NULL,
	"luggage_bags" integer DEFAULT 0 NOT NULL,
	"large_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"budget_cents" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"flight_number" text DEFAULT '' NOT NULL,
	"distance_km" double precision NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"outbound_ride_id" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rides_status_check" CHECK ("rides"."status" in ('open', 'booked', 'completed', 'cancelled', 'expired')),
	CONSTRAINT "rides_passengers_check" CHECK ("rides"."passengers" between 1 and 50),
	CONSTRAINT "rides_luggage_check" CHECK ("rides"."luggage_bags" between 0 and 100),
	CONSTRAINT "rides_budget_check" CHECK ("rides"."budget_cents" > 0),
	CONSTRAINT "rides_distance_check" CHECK ("rides"."distance_km" >= 0),
	CONSTRAINT "rides_postcodes_check" CHECK ("rides"."pickup_postcode" ~ '^[0-9]{4}$' and "rides"."destination_postcode" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_outbound_ride_id_rides_id_fk" FOREIGN KEY ("outbound_ride_id") REFERENCES "public"."rides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_live_per_ride_idx" ON "bookings" USING btree ("ride_id") WHERE "bookings"."status" in ('confirmed', 'completed');--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_driver_idx" ON "bookings" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_live_per_driver_idx" ON "quotes" USING btree ("ride_id","driver_id") WHERE "quotes"."status" in ('pending', 'needs_confirmation');--> statement-breakpoint
CREATE INDEX "quotes_ride_idx" ON "quotes" USING btree ("ride_id","status");--> statement-breakpoint
CREATE INDEX "quotes_driver_idx" ON "quotes" USING btree ("driver_id","status");--> statement-breakpoint
CREATE INDEX "quotes_live_valid_until_idx" ON "quotes" USING btree ("valid_until") WHERE "quotes"."status" in ('pending', 'needs_confirmation');--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_once_per_booking_idx" ON "ratings" USING btree ("booking_id","rater_id");--> statement-breakpoint
CREATE INDEX "ratings_ratee_idx" ON "ratings" USING btree ("ratee_id");--> statement-breakpoint
CREATE INDEX "rides_customer_idx" ON "rides" USING btree ("customer_id","pickup_at");--> statement-breakpoint
CREATE INDEX "rides_open_pickup_idx" ON "rides" USING btree ("pickup_at","id") WHERE "rides"."status" = 'open';