CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lecture_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"questions" jsonb NOT NULL,
	"answers" jsonb,
	"correct_count" integer,
	"score" numeric(5, 2),
	"passed" boolean,
	CONSTRAINT "quiz_attempts_number_unique" UNIQUE("lecture_id","user_id","number"),
	CONSTRAINT "quiz_attempts_status_check" CHECK ("quiz_attempts"."status" in ('in_progress', 'submitted', 'expired')),
	CONSTRAINT "quiz_attempts_number_check" CHECK ("quiz_attempts"."number" >= 1),
	CONSTRAINT "quiz_attempts_score_check" CHECK ("quiz_attempts"."score" is null or "quiz_attempts"."score" between 0 and 100),
	CONSTRAINT "quiz_attempts_graded_when_finished" CHECK (("quiz_attempts"."status" = 'in_progress') = ("quiz_attempts"."score" is null))
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lecture_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"prompt" text NOT NULL,
	"explanation" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_answer" boolean,
	"accepted_answers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_questions_type_check" CHECK ("quiz_questions"."type" in ('single', 'multiple', 'true_false', 'short_answer')),
	CONSTRAINT "quiz_questions_true_false_answer" CHECK (("quiz_questions"."type" = 'true_false') = ("quiz_questions"."correct_answer" is not null))
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"lecture_id" uuid PRIMARY KEY NOT NULL,
	"pass_mark" integer NOT NULL,
	"attempts_allowed" integer,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"time_limit_minutes" integer,
	"show_answers" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_pass_mark_check" CHECK ("quizzes"."pass_mark" between 0 and 100),
	CONSTRAINT "quizzes_attempts_allowed_check" CHECK ("quizzes"."attempts_allowed" is null or "quizzes"."attempts_allowed" >= 1),
	CONSTRAINT "quizzes_time_limit_check" CHECK ("quizzes"."time_limit_minutes" is null or "quizzes"."time_limit_minutes" >= 1)
);
--> statement-breakpoint
ALTER TABLE "lectures" DROP CONSTRAINT "lectures_kind_check";--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_lecture_id_quizzes_lecture_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."quizzes"("lecture_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_lecture_id_quizzes_lecture_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."quizzes"("lecture_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_one_open_idx" ON "quiz_attempts" USING btree ("lecture_id","user_id") WHERE "quiz_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_idx" ON "quiz_attempts" USING btree ("user_id","lecture_id");--> statement-breakpoint
CREATE INDEX "quiz_questions_lecture_position_idx" ON "quiz_questions" USING btree ("lecture_id","position");--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_kind_check" CHECK ("lectures"."kind" in ('video', 'article', 'quiz'));