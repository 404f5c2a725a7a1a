ALTER TABLE "course_sections" ADD COLUMN "opens_after_days" integer;--> statement-breakpoint
ALTER TABLE "course_sections" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_one_drip_rule" CHECK ("course_sections"."opens_after_days" is null or "course_sections"."opens_at" is null);--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_drip_days" CHECK ("course_sections"."opens_after_days" is null or "course_sections"."opens_after_days" between 1 and 3650);