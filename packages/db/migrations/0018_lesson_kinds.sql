ALTER TABLE "lectures" ADD COLUMN "kind" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "body_words" integer GENERATED ALWAYS AS (regexp_count(body, '\S+')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_kind_check" CHECK ("lectures"."kind" in ('video', 'article'));--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_body_only_on_articles" CHECK ("lectures"."kind" = 'article' or "lectures"."body" = '');--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_video_only_on_videos" CHECK ("lectures"."kind" = 'video' or "lectures"."video_key" is null);