ALTER TABLE "refunds" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "lecture_progress" ADD COLUMN "credited_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lecture_progress" ADD COLUMN "last_report_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;