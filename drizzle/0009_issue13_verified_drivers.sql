CREATE TABLE "driver_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"vehicle_id" uuid,
	"file_key" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"original_name" text NOT NULL,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"reminder_30_sent_at" timestamp with time zone,
	"reminder_7_sent_at" timestamp with time zone,
	"expiry_handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_documents_kind_check" CHECK ("driver_documents"."kind" in ('authorisation', 'insurance', 'safety_inspection')),
	CONSTRAINT "driver_documents_vehicle_check" CHECK (("driver_documents"."kind" = 'safety_inspection') = ("driver_documents"."vehicle_id" is not null)),
	CONSTRAINT "driver_documents_status_check" CHECK ("driver_documents"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "driver_documents_size_check" CHECK ("driver_documents"."file_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "driver_verification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"document_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"plate" text NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"seats" integer NOT NULL,
	"luggage_bags" integer DEFAULT 0 NOT NULL,
	"wheelchair_accessible" boolean DEFAULT false NOT NULL,
	"child_seats" integer DEFAULT 0 NOT NULL,
	"trailer" boolean DEFAULT false NOT NULL,
	"photo_key" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_seats_check" CHECK ("vehicles"."seats" between 1 and 50),
	CONSTRAINT "vehicles_luggage_check" CHECK ("vehicles"."luggage_bags" between 0 and 100),
	CONSTRAINT "vehicles_child_seats_check" CHECK ("vehicles"."child_seats" between 0 and 10),
	CONSTRAINT "vehicles_year_check" CHECK ("vehicles"."year" between 1980 and 2100),
	CONSTRAINT "vehicles_plate_check" CHECK ("vehicles"."plate" ~ '^[A-Z0-9]{1,9}$')
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "abn" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "business_phone" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "business_email" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "base_locality" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "base_postcode" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "base_lat" double precision;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "base_lng" double precision;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "service_radius_km" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "verification_status" text DEFAULT 'incomplete' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "status_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "driver_documents" ADD CONSTRAINT "driver_documents_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_documents" ADD CONSTRAINT "driver_documents_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_documents" ADD CONSTRAINT "driver_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_verification_events" ADD CONSTRAINT "driver_verification_events_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_verification_events" ADD CONSTRAINT "driver_verification_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_verification_events" ADD CONSTRAINT "driver_verification_events_document_id_driver_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."driver_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_documents_driver_idx" ON "driver_documents" USING btree ("driver_id","kind") WHERE "driver_documents"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "driver_documents_pending_idx" ON "driver_documents" USING btree ("created_at") WHERE "driver_documents"."status" = 'pending' and "driver_documents"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "driver_documents_expiry_idx" ON "driver_documents" USING btree ("expires_on") WHERE "driver_documents"."status" = 'approved' and "driver_documents"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "driver_verification_events_driver_idx" ON "driver_verification_events" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "vehicles_driver_idx" ON "vehicles" USING btree ("driver_id") WHERE "vehicles"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_one_plate_per_driver_idx" ON "vehicles" USING btree ("driver_id","plate") WHERE "vehicles"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drivers_verification_status_idx" ON "drivers" USING btree ("verification_status");--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_abn_check" CHECK ("drivers"."abn" is null or "drivers"."abn" ~ '^[0-9]{11}$');--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_service_radius_check" CHECK ("drivers"."service_radius_km" between 1 and 500);--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_verification_status_check" CHECK ("drivers"."verification_status" in ('incomplete', 'pending_review', 'verified', 'rejected', 'suspended'));--> statement-breakpoint
-- Existing drivers start 'incomplete' (the column default). Their business phone is their sign-up mobile,
-- and a vehicle record described well enough (make, model, year, a plate) becomes their first vehicle.
UPDATE "drivers" d SET "business_phone" = u."phone" FROM "users" u WHERE u."id" = d."user_id" AND u."phone" IS NOT NULL;--> statement-breakpoint
INSERT INTO "vehicles" ("driver_id", "make", "model", "year", "plate", "colour", "seats")
SELECT v.driver_id, v.make, v.model, round(v.year)::int, v.plate, v.colour, round(v.seats)::int
  FROM (
    SELECT d."user_id" AS driver_id,
           coalesce(trim(d."vehicle_details" ->> 'make'), '') AS make,
           coalesce(trim(d."vehicle_details" ->> 'model'), '') AS model,
           CASE WHEN jsonb_typeof(d."vehicle_details" -> 'year') = 'number'
                THEN (d."vehicle_details" ->> 'year')::numeric END AS year,
           upper(regexp_replace(coalesce(d."vehicle_details" ->> 'registration', ''), '[^A-Za-z0-9]', '', 'g')) AS plate,
           coalesce(trim(d."vehicle_details" ->> 'color'), '') AS colour,
           CASE WHEN jsonb_typeof(d."vehicle_details" -> 'capacity') = 'number'
                THEN (d."vehicle_details" ->> 'capacity')::numeric ELSE 4 END AS seats
      FROM "drivers" d
  ) v
 WHERE v.make <> '' AND v.model <> ''
   AND v.year BETWEEN 1980 AND 2100
   AND v.seats BETWEEN 1 AND 50
   AND v.plate ~ '^[A-Z0-9]{1,9}$';
