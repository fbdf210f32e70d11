CREATE TABLE "ride_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ride_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"question_id" uuid,
	"body" text NOT NULL,
	"masked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_questions_kind_check" CHECK ("ride_questions"."kind" in ('question', 'answer')),
	CONSTRAINT "ride_questions_body_check" CHECK (length(trim("ride_questions"."body")) between 1 and 1000),
	CONSTRAINT "ride_questions_answer_check" CHECK (("ride_questions"."kind" = 'answer') = ("ride_questions"."question_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_status_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accessibility_settings" jsonb;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "offers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "late_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "needs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_questions" ADD CONSTRAINT "ride_questions_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_questions" ADD CONSTRAINT "ride_questions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_questions" ADD CONSTRAINT "ride_questions_question_id_ride_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."ride_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_questions_ride_idx" ON "ride_questions" USING btree ("ride_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_bundle_idx" ON "quotes" USING btree ("bundle_id") WHERE "quotes"."bundle_id" is not null;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('pending', 'needs_confirmation', 'accepted', 'declined', 'withdrawn', 'expired', 'cancelled'));