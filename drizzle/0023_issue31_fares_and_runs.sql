-- Issue 31, fare tables and runs: drivers' fixed prices (instant booking) and runs sold by the seat or the
-- vehicle; every booking says how it was made (origin), a run's bookings and quotes name the run.
CREATE TABLE "fares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"from_name" text NOT NULL,
	"from_lat" double precision NOT NULL,
	"from_lng" double precision NOT NULL,
	"from_radius_km" double precision NOT NULL,
	"to_name" text NOT NULL,
	"to_lat" double precision NOT NULL,
	"to_lng" double precision NOT NULL,
	"to_radius_km" double precision NOT NULL,
	"price_cents" integer NOT NULL,
	"max_passengers" integer NOT NULL,
	"max_bags" integer NOT NULL,
	"included_passengers" integer,
	"extra_passenger_cents" integer DEFAULT 0 NOT NULL,
	"child_seat_cents" integer,
	"after_hours_start" text,
	"after_hours_end" text,
	"after_hours_cents" integer DEFAULT 0 NOT NULL,
	"days" jsonb NOT NULL,
	"hours_start" text DEFAULT '00:00' NOT NULL,
	"hours_end" text DEFAULT '23:59' NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fares_price_check" CHECK ("fares"."price_cents" > 0),
	CONSTRAINT "fares_radius_check" CHECK ("fares"."from_radius_km" > 0 and "fares"."from_radius_km" <= 100 and "fares"."to_radius_km" > 0 and "fares"."to_radius_km" <= 100),
	CONSTRAINT "fares_passengers_check" CHECK ("fares"."max_passengers" between 1 and 50),
	CONSTRAINT "fares_bags_check" CHECK ("fares"."max_bags" between 0 and 100),
	CONSTRAINT "fares_included_check" CHECK ("fares"."included_passengers" is null or "fares"."included_passengers" between 1 and "fares"."max_passengers"),
	CONSTRAINT "fares_extras_check" CHECK ("fares"."extra_passenger_cents" >= 0 and "fares"."after_hours_cents" >= 0 and ("fares"."child_seat_cents" is null or "fares"."child_seat_cents" >= 0)),
	CONSTRAINT "fares_notice_check" CHECK ("fares"."min_notice_minutes" between 0 and 20160)
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"from_name" text NOT NULL,
	"from_lat" double precision NOT NULL,
	"from_lng" double precision NOT NULL,
	"from_radius_km" double precision NOT NULL,
	"to_name" text NOT NULL,
	"to_lat" double precision NOT NULL,
	"to_lng" double precision NOT NULL,
	"to_radius_km" double precision NOT NULL,
	"departs_from" timestamp with time zone NOT NULL,
	"departs_until" timestamp with time zone NOT NULL,
	"seats_total" integer NOT NULL,
	"seats_sold" integer DEFAULT 0 NOT NULL,
	"bags_total" integer NOT NULL,
	"bags_sold" integer DEFAULT 0 NOT NULL,
	"seat_price_cents" integer,
	"vehicle_price_cents" integer,
	"vehicle_sold" boolean DEFAULT false NOT NULL,
	"auto_quote" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"after_booking_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "runs_status_check" CHECK ("runs"."status" in ('open', 'cancelled')),
	CONSTRAINT "runs_window_check" CHECK ("runs"."departs_until" >= "runs"."departs_from"),
	CONSTRAINT "runs_seats_check" CHECK ("runs"."seats_total" between 1 and 50 and "runs"."seats_sold" between 0 and "runs"."seats_total"),
	CONSTRAINT "runs_bags_check" CHECK ("runs"."bags_total" between 0 and 100 and "runs"."bags_sold" between 0 and "runs"."bags_total"),
	CONSTRAINT "runs_price_check" CHECK (("runs"."seat_price_cents" is not null or "runs"."vehicle_price_cents" is not null) and ("runs"."seat_price_cents" is null or "runs"."seat_price_cents" > 0) and ("runs"."vehicle_price_cents" is null or "runs"."vehicle_price_cents" > 0)),
	CONSTRAINT "runs_radius_check" CHECK ("runs"."from_radius_km" > 0 and "runs"."from_radius_km" <= 100 and "runs"."to_radius_km" > 0 and "runs"."to_radius_km" <= 100)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "origin" text DEFAULT 'quote' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "run_seats" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "fare_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "fare_version" integer;--> statement-breakpoint
ALTER TABLE "fares" ADD CONSTRAINT "fares_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fares" ADD CONSTRAINT "fares_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fares_driver_idx" ON "fares" USING btree ("driver_id") WHERE "fares"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "fares_from_idx" ON "fares" USING btree ("from_lat","from_lng") WHERE "fares"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "runs_driver_idx" ON "runs" USING btree ("driver_id","departs_from");--> statement-breakpoint
CREATE INDEX "runs_open_departs_idx" ON "runs" USING btree ("departs_from") WHERE "runs"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "runs_after_booking_idx" ON "runs" USING btree ("after_booking_id") WHERE "runs"."after_booking_id" is not null and "runs"."status" = 'open';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_fare_id_fares_id_fk" FOREIGN KEY ("fare_id") REFERENCES "public"."fares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_origin_idx" ON "bookings" USING btree ("origin","created_at");--> statement-breakpoint
CREATE INDEX "bookings_run_idx" ON "bookings" USING btree ("run_id") WHERE "bookings"."run_id" is not null;--> statement-breakpoint
CREATE INDEX "quotes_run_idx" ON "quotes" USING btree ("run_id") WHERE "quotes"."run_id" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_origin_check" CHECK ("bookings"."origin" in ('quote', 'instant', 'run_seat', 'run_vehicle'));