-- Issue 32: a customer's question to one driver about their quote, seen only by the two of them.
ALTER TABLE "ride_questions" ADD COLUMN "recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "ride_questions" ADD CONSTRAINT "ride_questions_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_questions_recipient_idx" ON "ride_questions" USING btree ("recipient_id") WHERE "ride_questions"."recipient_id" is not null;