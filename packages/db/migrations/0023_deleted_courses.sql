-- Issue 29 item 4, decision 0091: tombstones of deleted courses (their address answers 410), and the sitemap's
-- keyset index over published courses (id, updated_at), read index-only.
CREATE TABLE "deleted_courses" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "courses_sitemap_idx" ON "courses" USING btree ("id","updated_at") WHERE is_published;