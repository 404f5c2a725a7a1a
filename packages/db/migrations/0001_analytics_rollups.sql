CREATE TABLE "course_completions" (
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "course_completions_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_stats" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"course_created_at" timestamp with time zone NOT NULL,
	"enrollments" integer DEFAULT 0 NOT NULL,
	"lectures" integer DEFAULT 0 NOT NULL,
	"completed_students" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_category_views" (
	"day" date NOT NULL,
	"category" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_category_views_pk" PRIMARY KEY("day","category")
);
--> statement-breakpoint
CREATE TABLE "daily_revenue" (
	"day" date PRIMARY KEY NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_session_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"total_session_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_signups" (
	"day" date PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_counts" (
	"metric" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_request_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role_counts" (
	"role" text PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_stats" ADD CONSTRAINT "course_stats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_stats_top_idx" ON "course_stats" USING btree ("enrollments" DESC NULLS FIRST,"course_created_at","course_id") WHERE enrollments > 0;--> statement-breakpoint
CREATE INDEX "course_stats_completion_idx" ON "course_stats" USING btree ((completed_students::double precision / enrollments),"enrollments" DESC NULLS FIRST,"course_created_at","course_id") WHERE enrollments > 0 and lectures > 0;--> statement-breakpoint
CREATE INDEX "user_presence_last_request_at_idx" ON "user_presence" USING btree ("last_request_at");--> statement-breakpoint
CREATE INDEX "payments_succeeded_created_at_idx" ON "payments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'succeeded';--> statement-breakpoint
CREATE INDEX "lecture_progress_course_completed_idx" ON "lecture_progress" USING btree ("course_id","user_id") WHERE completed;--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);