CREATE SEQUENCE "public"."receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."billing_statement_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fare_cents" integer NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"statement_id" uuid,
	CONSTRAINT "billing_lines_kind_check" CHECK ("billing_lines"."kind" in ('fee', 'reversal')),
	CONSTRAINT "billing_lines_sign_check" CHECK (("billing_lines"."kind" = 'fee' and "billing_lines"."fee_cents" >= 0 and "billing_lines"."gst_cents" >= 0) or ("billing_lines"."kind" = 'reversal' and "billing_lines"."fee_cents" <= 0 and "billing_lines"."gst_cents" <= 0))
);
--> statement-breakpoint
CREATE TABLE "billing_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"driver_id" uuid NOT NULL,
	"period" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"gst_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"issuer_name" text NOT NULL,
	"issuer_abn" text,
	"recipient_name" text NOT NULL,
	"recipient_abn" text,
	"recipient_contact" text NOT NULL,
	"recipient_email" text NOT NULL,
	"due_reminder_at" timestamp with time zone,
	"overdue_reminder_at" timestamp with time zone,
	"hold_notice_at" timestamp with time zone,
	CONSTRAINT "billing_statements_number_unique" UNIQUE("number"),
	CONSTRAINT "billing_statements_status_check" CHECK ("billing_statements"."status" in ('open', 'paid', 'void')),
	CONSTRAINT "billing_statements_period_check" CHECK ("billing_statements"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "billing_statements_total_check" CHECK ("billing_statements"."total_cents" = "billing_statements"."fee_cents" + "billing_statements"."gst_cents"),
	CONSTRAINT "billing_statements_paid_check" CHECK (("billing_statements"."status" = 'paid') = ("billing_statements"."paid_at" is not null)),
	CONSTRAINT "billing_statements_void_check" CHECK (("billing_statements"."status" = 'void') = ("billing_statements"."void_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issuer_name" text NOT NULL,
	"issuer_abn" text,
	"customer_name" text NOT NULL,
	"trip" text NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipts_number_unique" UNIQUE("number"),
	CONSTRAINT "receipts_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "receipts_method_check" CHECK ("receipts"."method" in ('cash', 'card', 'transfer')),
	CONSTRAINT "receipts_amount_check" CHECK ("receipts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "statement_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"stripe_event_id" text,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_payments_statement_id_unique" UNIQUE("statement_id"),
	CONSTRAINT "statement_payments_stripe_event_id_unique" UNIQUE("stripe_event_id"),
	CONSTRAINT "statement_payments_method_check" CHECK ("statement_payments"."method" in ('card', 'bank_transfer')),
	CONSTRAINT "statement_payments_amount_check" CHECK ("statement_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_statement_id_billing_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."billing_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_statements" ADD CONSTRAINT "billing_statements_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_statements" ADD CONSTRAINT "billing_statements_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_statement_id_billing_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."billing_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_lines_booking_idx" ON "billing_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "billing_lines_statement_idx" ON "billing_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "billing_lines_unbilled_idx" ON "billing_lines" USING btree ("driver_id","occurred_at") WHERE "billing_lines"."statement_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_statements_driver_period_idx" ON "billing_statements" USING btree ("driver_id","period");--> statement-breakpoint
CREATE INDEX "billing_statements_period_idx" ON "billing_statements" USING btree ("period","status");--> statement-breakpoint
CREATE INDEX "billing_statements_open_idx" ON "billing_statements" USING btree ("due_on") WHERE "billing_statements"."status" = 'open';--> statement-breakpoint
CREATE INDEX "receipts_customer_idx" ON "receipts" USING btree ("customer_id","paid_at");--> statement-breakpoint
CREATE INDEX "receipts_driver_idx" ON "receipts" USING btree ("driver_id","paid_at");