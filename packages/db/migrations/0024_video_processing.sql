CREATE TABLE "video_processing" (
	"lecture_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"output_prefix" text,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"playlists" jsonb,
	"duration_seconds" integer,
	"thumbnail_interval" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_processing_lecture_id_pk" PRIMARY KEY("lecture_id"),
	CONSTRAINT "video_processing_status_check" CHECK ("video_processing"."status" in ('queued', 'processing', 'ready', 'failed', 'unavailable')),
	CONSTRAINT "video_processing_progress_check" CHECK ("video_processing"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "video_processing" ADD CONSTRAINT "video_processing_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;