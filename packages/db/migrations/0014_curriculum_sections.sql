-- Issue 26, decision 0075: courses get ordered sections; every lecture belongs to one section of its own
-- course. Existing lectures move, in their order, into one section per course, "Course content"
-- (CURRICULUM_TEXT.defaultSection); lectures.position is unchanged (it stays the place in the course).
CREATE TABLE "course_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_sections_id_course_unique" UNIQUE("id","course_id")
);
--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_sections_course_position_idx" ON "course_sections" USING btree ("course_id","position");--> statement-breakpoint
INSERT INTO "course_sections" ("course_id", "title", "position", "created_at", "updated_at")
  SELECT "id", 'Course content', 1, "created_at", "created_at" FROM "courses";--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "section_id" uuid;--> statement-breakpoint
UPDATE "lectures" l SET "section_id" = s."id" FROM "course_sections" s WHERE s."course_id" = l."course_id";--> statement-breakpoint
ALTER TABLE "lectures" ALTER COLUMN "section_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_section_course_fk" FOREIGN KEY ("section_id","course_id") REFERENCES "public"."course_sections"("id","course_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lectures_section_idx" ON "lectures" USING btree ("section_id");
