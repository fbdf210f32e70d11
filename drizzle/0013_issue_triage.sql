-- Issue 14: reported issues get a status (pending, in progress, resolved, closed) and replies to the reporter.
CREATE TABLE "issue_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"sent_to" text NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_replies_body_check" CHECK (length(trim("issue_replies"."body")) between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "issues" DROP CONSTRAINT "issues_status_check";--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "status_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "issue_replies" ADD CONSTRAINT "issue_replies_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_replies" ADD CONSTRAINT "issue_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_replies_issue_idx" ON "issue_replies" USING btree ("issue_id","created_at");--> statement-breakpoint
CREATE INDEX "issues_created_idx" ON "issues" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_status_check" CHECK ("issues"."status" in ('pending', 'in_progress', 'resolved', 'closed'));