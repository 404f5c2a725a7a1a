-- Issue 30 item 4: the instructor home's learner rollups (enrollment_progress, course_learner_stats,
-- lecture_stops, course_weekly_enrollments, instructor_students and their counts) and their triggers.
CREATE TABLE "course_learner_stats" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"started_students" integer DEFAULT 0 NOT NULL,
	"completed_lectures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_weekly_enrollments" (
	"course_id" uuid NOT NULL,
	"week" date NOT NULL,
	"enrollments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_weekly_enrollments_pk" PRIMARY KEY("course_id","week")
);
--> statement-breakpoint
CREATE TABLE "enrollment_progress" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"completed_lectures" integer DEFAULT 0 NOT NULL,
	"stop_lecture_id" uuid,
	CONSTRAINT "enrollment_progress_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "instructor_student_counts" (
	"instructor_id" uuid PRIMARY KEY NOT NULL,
	"students" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instructor_students" (
	"instructor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "instructor_students_pk" PRIMARY KEY("instructor_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lecture_stops" (
	"lecture_id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"students" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_learner_stats" ADD CONSTRAINT "course_learner_stats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_weekly_enrollments" ADD CONSTRAINT "course_weekly_enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_progress" ADD CONSTRAINT "enrollment_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_progress" ADD CONSTRAINT "enrollment_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_student_counts" ADD CONSTRAINT "instructor_student_counts_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_students" ADD CONSTRAINT "instructor_students_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_students" ADD CONSTRAINT "instructor_students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_stops" ADD CONSTRAINT "lecture_stops_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_stops" ADD CONSTRAINT "lecture_stops_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lecture_stops_course_idx" ON "lecture_stops" USING btree ("course_id","students" DESC NULLS FIRST);
--> statement-breakpoint
-- The instructor home's learner rollups (issue 30 item 4), kept like 0002's: statement-level AFTER
-- triggers with transition tables. enrollment_progress is reconciled with the truth for the (user,
-- course) pairs a statement touched (or every pair of a course whose lectures changed), never counted by
-- deltas; course_learner_stats and lecture_stops sum its rows by deltas; course_weekly_enrollments
-- counts enrollments by deltas. Insert paths upsert, delete paths only update existing rows.

-- The truth for the given pairs: a row while enrolled with any progress in the course. The truth is read
-- after a transaction-scoped lock on each course (in id order): two transactions changing one course's
-- learners take turns, and the later one reads (in the next statement's fresh snapshot) what the
-- earlier committed, so neither overwrites the other's result with a stale count. Every writer of these
-- rows takes the course's lock before any of them, so they can't deadlock on the rows.
CREATE FUNCTION lectio_sync_enrollment_progress(p_users uuid[], p_courses uuid[]) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('lectio:course-learners:' || course_id::text, 0))
  FROM (SELECT DISTINCT course_id FROM unnest(p_courses) AS c(course_id) WHERE course_id IS NOT NULL ORDER BY 1) c;
  WITH pairs AS (
    SELECT DISTINCT user_id, course_id FROM unnest(p_users, p_courses) AS p(user_id, course_id)
  ), truth AS (
    SELECT p.user_id, p.course_id,
      (SELECT count(*)::integer FROM lecture_progress lp
        JOIN lectures l ON l.id = lp.lecture_id AND l.course_id = lp.course_id
        WHERE lp.user_id = p.user_id AND lp.course_id = p.course_id AND lp.completed) AS completed_lectures,
      (SELECT x.id FROM lectures x
        WHERE x.course_id = p.course_id
          AND NOT EXISTS (SELECT 1 FROM lecture_progress q
                          WHERE q.user_id = p.user_id AND q.lecture_id = x.id AND q.completed)
        ORDER BY x.position, x.created_at, x.id
        LIMIT 1) AS stop_lecture_id
    FROM pairs p
    WHERE EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = p.user_id AND e.course_id = p.course_id)
      AND EXISTS (SELECT 1 FROM lecture_progress s WHERE s.user_id = p.user_id AND s.course_id = p.course_id)
  ), removed AS (
    DELETE FROM enrollment_progress ep
    USING pairs p
    WHERE ep.user_id = p.user_id AND ep.course_id = p.course_id
      AND NOT EXISTS (SELECT 1 FROM truth t WHERE t.user_id = ep.user_id AND t.course_id = ep.course_id)
  )
  INSERT INTO enrollment_progress AS ep (user_id, course_id, completed_lectures, stop_lecture_id)
  SELECT user_id, course_id, completed_lectures, stop_lecture_id FROM truth
  ON CONFLICT (user_id, course_id) DO UPDATE
    SET completed_lectures = excluded.completed_lectures, stop_lecture_id = excluded.stop_lecture_id
    WHERE (ep.completed_lectures, ep.stop_lecture_id)
      IS DISTINCT FROM (excluded.completed_lectures, excluded.stop_lecture_id)
$$;
--> statement-breakpoint

-- Every pair of the given courses: their enrollments, and the rows kept for them now.
CREATE FUNCTION lectio_sync_course_enrollment_progress(p_courses uuid[]) RETURNS void
LANGUAGE sql AS $$
  SELECT lectio_sync_enrollment_progress(array_agg(user_id), array_agg(course_id))
  FROM (
    SELECT user_id, course_id FROM enrollments WHERE course_id = ANY (p_courses)
    UNION
    SELECT user_id, course_id FROM enrollment_progress WHERE course_id = ANY (p_courses)
  ) pairs
$$;
--> statement-breakpoint

CREATE FUNCTION lectio_learner_rollup_enrollments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO course_weekly_enrollments AS w (course_id, week, enrollments)
    SELECT course_id, date_trunc('week', created_at AT TIME ZONE 'UTC')::date, count(*)::integer
    FROM new_rows GROUP BY 1, 2
    ON CONFLICT (course_id, week) DO UPDATE SET enrollments = w.enrollments + excluded.enrollments;
    PERFORM lectio_sync_enrollment_progress(array_agg(user_id), array_agg(course_id)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE course_weekly_enrollments w SET enrollments = w.enrollments - d.n
    FROM (SELECT course_id, date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week, count(*)::integer AS n
          FROM old_rows GROUP BY 1, 2) d
    WHERE w.course_id = d.course_id AND w.week = d.week;
    PERFORM lectio_sync_enrollment_progress(array_agg(user_id), array_agg(course_id)) FROM old_rows;
  ELSE
    -- Only an enrollment moved to another user, course or date changes anything.
    INSERT INTO course_weekly_enrollments AS w (course_id, week, enrollments)
    SELECT course_id, week, sum(n)::integer
    FROM (
      SELECT n.course_id, date_trunc('week', n.created_at AT TIME ZONE 'UTC')::date AS week, 1 AS n
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.course_id, n.created_at) IS DISTINCT FROM (o.course_id, o.created_at)
      UNION ALL
      SELECT o.course_id, date_trunc('week', o.created_at AT TIME ZONE 'UTC')::date, -1
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.course_id, n.created_at) IS DISTINCT FROM (o.course_id, o.created_at)
    ) c
    GROUP BY course_id, week
    HAVING sum(n) <> 0
    ON CONFLICT (course_id, week) DO UPDATE SET enrollments = w.enrollments + excluded.enrollments;
    PERFORM lectio_sync_enrollment_progress(array_agg(user_id), array_agg(course_id))
    FROM (
      SELECT n.user_id, n.course_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.user_id, n.course_id) IS DISTINCT FROM (o.user_id, o.course_id)
      UNION
      SELECT o.user_id, o.course_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.user_id, n.course_id) IS DISTINCT FROM (o.user_id, o.course_id)
    ) moved;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- A lecture added, removed, moved to another course or to another place in its course's order changes
-- where every student of that course stops.
CREATE FUNCTION lectio_learner_rollup_lectures() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  affected uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT course_id) INTO affected FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT course_id) INTO affected FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT course_id) INTO affected
    FROM (
      SELECT o.course_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.course_id, n.position, n.created_at) IS DISTINCT FROM (o.course_id, o.position, o.created_at)
      UNION
      SELECT n.course_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.course_id, n.position, n.created_at) IS DISTINCT FROM (o.course_id, o.position, o.created_at)
    ) moved;
  END IF;
  IF affected IS NOT NULL THEN
    PERFORM lectio_sync_course_enrollment_progress(affected);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Any progress row can start an enrollment (the first one) or end it (the last one deleted); only a
-- change of the completed flag (or of owner, lecture or course) moves the counts or the stop.
CREATE FUNCTION lectio_learner_rollup_lecture_progress() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lectio_sync_enrollment_progress(array_agg(user_id), array_agg(course_id)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lectio_sync_enrollment_progress(array_agg(user_id), array_agg(course_id)) FROM old_rows;
  ELSE
    PERFORM lectio_sync_enrollment_progress(array_agg(user_id), array_agg(course_id))
    FROM (
      SELECT n.user_id, n.course_id
      FROM new_rows n LEFT JOIN old_rows o ON o.user_id = n.user_id AND o.lecture_id = n.lecture_id
      WHERE o.user_id IS NULL OR o.completed IS DISTINCT FROM n.completed OR o.course_id IS DISTINCT FROM n.course_id
      UNION
      SELECT o.user_id, o.course_id
      FROM old_rows o LEFT JOIN new_rows n ON n.user_id = o.user_id AND n.lecture_id = o.lecture_id
      WHERE n.user_id IS NULL OR o.completed IS DISTINCT FROM n.completed OR o.course_id IS DISTINCT FROM n.course_id
    ) touched;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- course_learner_stats and lecture_stops sum enrollment_progress: +1 per new row, -1 per old one.
CREATE FUNCTION lectio_learner_rollup_enrollment_progress() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE course_learner_stats s
    SET started_students = s.started_students - d.n, completed_lectures = s.completed_lectures - d.done
    FROM (SELECT course_id, count(*)::integer AS n, sum(completed_lectures)::integer AS done
          FROM old_rows GROUP BY course_id) d
    WHERE s.course_id = d.course_id;
    UPDATE lecture_stops s SET students = s.students - d.n
    FROM (SELECT stop_lecture_id, count(*)::integer AS n FROM old_rows
          WHERE stop_lecture_id IS NOT NULL GROUP BY stop_lecture_id) d
    WHERE s.lecture_id = d.stop_lecture_id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO course_learner_stats AS s (course_id, started_students, completed_lectures)
    SELECT course_id, count(*)::integer, sum(completed_lectures)::integer FROM new_rows GROUP BY course_id
    ON CONFLICT (course_id) DO UPDATE
      SET started_students = s.started_students + excluded.started_students,
          completed_lectures = s.completed_lectures + excluded.completed_lectures;
    INSERT INTO lecture_stops AS s (lecture_id, course_id, students)
    SELECT stop_lecture_id, course_id, count(*)::integer FROM new_rows
    WHERE stop_lecture_id IS NOT NULL GROUP BY stop_lecture_id, course_id
    ON CONFLICT (lecture_id) DO UPDATE SET students = s.students + excluded.students;
    RETURN NULL;
  END IF;
  -- UPDATE: the differences (an update never moves a row to another pair: the sync only upserts). A
  -- decrease only updates an existing row: within a cascade the rollup row (or its lecture or course)
  -- may be gone already, and must not come back.
  WITH d AS (
    SELECT course_id, sum(done)::integer AS n
    FROM (SELECT course_id, completed_lectures AS done FROM new_rows
          UNION ALL SELECT course_id, -completed_lectures FROM old_rows) c
    GROUP BY course_id HAVING sum(done) <> 0
  ), decreased AS (
    UPDATE course_learner_stats s SET completed_lectures = s.completed_lectures + d.n
    FROM d WHERE d.n < 0 AND s.course_id = d.course_id
  )
  INSERT INTO course_learner_stats AS s (course_id, started_students, completed_lectures)
  SELECT course_id, 0, n FROM d WHERE n > 0
  ON CONFLICT (course_id) DO UPDATE SET completed_lectures = s.completed_lectures + excluded.completed_lectures;
  WITH d AS (
    SELECT lecture_id, course_id, sum(n)::integer AS n
    FROM (SELECT stop_lecture_id AS lecture_id, course_id, 1 AS n FROM new_rows WHERE stop_lecture_id IS NOT NULL
          UNION ALL
          SELECT stop_lecture_id, course_id, -1 FROM old_rows WHERE stop_lecture_id IS NOT NULL) c
    GROUP BY lecture_id, course_id HAVING sum(n) <> 0
  ), decreased AS (
    UPDATE lecture_stops s SET students = s.students + d.n
    FROM d WHERE d.n < 0 AND s.lecture_id = d.lecture_id
  )
  INSERT INTO lecture_stops AS s (lecture_id, course_id, students)
  SELECT lecture_id, course_id, n FROM d WHERE n > 0
  ON CONFLICT (lecture_id) DO UPDATE SET students = s.students + excluded.students;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION lectio_learner_rollup_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'enrollments' THEN
      DELETE FROM course_weekly_enrollments;
      DELETE FROM enrollment_progress;
    WHEN 'enrollment_progress' THEN
      DELETE FROM course_learner_stats;
      DELETE FROM lecture_stops;
    ELSE DELETE FROM enrollment_progress;
  END CASE;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER enrollments_learner_rollup_insert AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_enrollments();--> statement-breakpoint
CREATE TRIGGER enrollments_learner_rollup_update AFTER UPDATE ON enrollments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_enrollments();--> statement-breakpoint
CREATE TRIGGER enrollments_learner_rollup_delete AFTER DELETE ON enrollments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_enrollments();--> statement-breakpoint
CREATE TRIGGER enrollments_learner_rollup_truncate AFTER TRUNCATE ON enrollments
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_truncate();--> statement-breakpoint
CREATE TRIGGER lectures_learner_rollup_insert AFTER INSERT ON lectures REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_lectures();--> statement-breakpoint
CREATE TRIGGER lectures_learner_rollup_update AFTER UPDATE ON lectures REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_lectures();--> statement-breakpoint
CREATE TRIGGER lectures_learner_rollup_delete AFTER DELETE ON lectures REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_lectures();--> statement-breakpoint
CREATE TRIGGER lectures_learner_rollup_truncate AFTER TRUNCATE ON lectures
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_truncate();--> statement-breakpoint
CREATE TRIGGER lecture_progress_learner_rollup_insert AFTER INSERT ON lecture_progress REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_lecture_progress();--> statement-breakpoint
CREATE TRIGGER lecture_progress_learner_rollup_update AFTER UPDATE ON lecture_progress REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_lecture_progress();--> statement-breakpoint
CREATE TRIGGER lecture_progress_learner_rollup_delete AFTER DELETE ON lecture_progress REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_lecture_progress();--> statement-breakpoint
CREATE TRIGGER lecture_progress_learner_rollup_truncate AFTER TRUNCATE ON lecture_progress
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_truncate();--> statement-breakpoint
CREATE TRIGGER enrollment_progress_rollup_insert AFTER INSERT ON enrollment_progress REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_enrollment_progress();--> statement-breakpoint
CREATE TRIGGER enrollment_progress_rollup_update AFTER UPDATE ON enrollment_progress REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_enrollment_progress();--> statement-breakpoint
CREATE TRIGGER enrollment_progress_rollup_delete AFTER DELETE ON enrollment_progress REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_enrollment_progress();--> statement-breakpoint
CREATE TRIGGER enrollment_progress_rollup_truncate AFTER TRUNCATE ON enrollment_progress
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_learner_rollup_truncate();--> statement-breakpoint

-- The truth for the given (instructor, student) pairs: a row while the student is enrolled in any of the
-- instructor's courses; read after a transaction-scoped lock on each instructor (in id order), for the
-- reason lectio_sync_enrollment_progress gives.
CREATE FUNCTION lectio_sync_instructor_students(p_instructors uuid[], p_users uuid[]) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('lectio:instructor-students:' || instructor_id::text, 0))
  FROM (SELECT DISTINCT instructor_id FROM unnest(p_instructors) AS i(instructor_id)
        WHERE instructor_id IS NOT NULL ORDER BY 1) i;
  WITH pairs AS (
    SELECT DISTINCT instructor_id, user_id FROM unnest(p_instructors, p_users) AS p(instructor_id, user_id)
    WHERE instructor_id IS NOT NULL AND user_id IS NOT NULL
  ), truth AS (
    SELECT p.instructor_id, p.user_id FROM pairs p
    WHERE EXISTS (SELECT 1 FROM enrollments e JOIN courses c ON c.id = e.course_id
                  WHERE e.user_id = p.user_id AND c.instructor_id = p.instructor_id)
  ), removed AS (
    DELETE FROM instructor_students s USING pairs p
    WHERE s.instructor_id = p.instructor_id AND s.user_id = p.user_id
      AND NOT EXISTS (SELECT 1 FROM truth t WHERE t.instructor_id = s.instructor_id AND t.user_id = s.user_id)
  )
  INSERT INTO instructor_students (instructor_id, user_id)
  SELECT instructor_id, user_id FROM truth
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint

-- Every student pair of the given instructors (a course of theirs deleted or handed over).
CREATE FUNCTION lectio_sync_instructors_students(p_instructors uuid[]) RETURNS void
LANGUAGE sql AS $$
  SELECT lectio_sync_instructor_students(array_agg(instructor_id), array_agg(user_id))
  FROM (
    SELECT c.instructor_id, e.user_id FROM enrollments e JOIN courses c ON c.id = e.course_id
    WHERE c.instructor_id = ANY (p_instructors)
    UNION
    SELECT instructor_id, user_id FROM instructor_students WHERE instructor_id = ANY (p_instructors)
  ) pairs
$$;
--> statement-breakpoint

CREATE FUNCTION lectio_students_rollup_enrollments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A course deleted in the same statement is gone from courses: its instructor is synced by the
  -- courses trigger below.
  IF TG_OP = 'INSERT' THEN
    PERFORM lectio_sync_instructor_students(array_agg(c.instructor_id), array_agg(n.user_id))
    FROM new_rows n JOIN courses c ON c.id = n.course_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lectio_sync_instructor_students(array_agg(c.instructor_id), array_agg(o.user_id))
    FROM old_rows o JOIN courses c ON c.id = o.course_id;
  ELSE
    PERFORM lectio_sync_instructor_students(array_agg(c.instructor_id), array_agg(m.user_id))
    FROM (
      SELECT n.user_id, n.course_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.user_id, n.course_id) IS DISTINCT FROM (o.user_id, o.course_id)
      UNION
      SELECT o.user_id, o.course_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.user_id, n.course_id) IS DISTINCT FROM (o.user_id, o.course_id)
    ) m JOIN courses c ON c.id = m.course_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION lectio_students_rollup_courses() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM lectio_sync_instructors_students(array_agg(DISTINCT instructor_id)) FROM old_rows;
  ELSE
    PERFORM lectio_sync_instructors_students(array_agg(DISTINCT instructor_id))
    FROM (
      SELECT o.instructor_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.instructor_id <> o.instructor_id
      UNION
      SELECT n.instructor_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.instructor_id <> o.instructor_id
    ) moved;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION lectio_students_rollup_instructor_students() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO instructor_student_counts AS s (instructor_id, students)
    SELECT instructor_id, count(*)::integer FROM new_rows GROUP BY instructor_id
    ON CONFLICT (instructor_id) DO UPDATE SET students = s.students + excluded.students;
  ELSE
    UPDATE instructor_student_counts s SET students = s.students - d.n
    FROM (SELECT instructor_id, count(*)::integer AS n FROM old_rows GROUP BY instructor_id) d
    WHERE s.instructor_id = d.instructor_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION lectio_students_rollup_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'instructor_students' THEN
    DELETE FROM instructor_student_counts;
  ELSE
    DELETE FROM instructor_students;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER enrollments_students_rollup_insert AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_students_rollup_enrollments();--> statement-breakpoint
CREATE TRIGGER enrollments_students_rollup_update AFTER UPDATE ON enrollments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_students_rollup_enrollments();--> statement-breakpoint
CREATE TRIGGER enrollments_students_rollup_delete AFTER DELETE ON enrollments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_students_rollup_enrollments();--> statement-breakpoint
CREATE TRIGGER enrollments_students_rollup_truncate AFTER TRUNCATE ON enrollments
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_students_rollup_truncate();--> statement-breakpoint
CREATE TRIGGER courses_students_rollup_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_students_rollup_courses();--> statement-breakpoint
CREATE TRIGGER courses_students_rollup_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_students_rollup_courses();--> statement-breakpoint
CREATE TRIGGER courses_students_rollup_truncate AFTER TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_students_rollup_truncate();--> statement-breakpoint
CREATE TRIGGER instructor_students_rollup_insert AFTER INSERT ON instructor_students REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_students_rollup_instructor_students();--> statement-breakpoint
CREATE TRIGGER instructor_students_rollup_delete AFTER DELETE ON instructor_students REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_students_rollup_instructor_students();--> statement-breakpoint
CREATE TRIGGER instructor_students_rollup_truncate AFTER TRUNCATE ON instructor_students
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_students_rollup_truncate();--> statement-breakpoint

-- Recomputes the learner rollups from the base tables (the backfill below, and repair).
CREATE FUNCTION lectio_rebuild_learner_rollups() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE courses, enrollments, lectures, lecture_progress IN SHARE MODE;
  DELETE FROM course_weekly_enrollments;
  INSERT INTO course_weekly_enrollments (course_id, week, enrollments)
  SELECT course_id, date_trunc('week', created_at AT TIME ZONE 'UTC')::date, count(*)::integer
  FROM enrollments GROUP BY 1, 2;
  -- Deleting every row empties the sums through the triggers; inserting refills them.
  DELETE FROM enrollment_progress;
  DELETE FROM course_learner_stats;
  DELETE FROM lecture_stops;
  PERFORM lectio_sync_enrollment_progress(array_agg(e.user_id), array_agg(e.course_id))
  FROM enrollments e
  WHERE EXISTS (SELECT 1 FROM lecture_progress s WHERE s.user_id = e.user_id AND s.course_id = e.course_id);
  DELETE FROM instructor_students;
  DELETE FROM instructor_student_counts;
  INSERT INTO instructor_students (instructor_id, user_id)
  SELECT DISTINCT c.instructor_id, e.user_id FROM enrollments e JOIN courses c ON c.id = e.course_id;
END
$$;
--> statement-breakpoint

SELECT lectio_rebuild_learner_rollups();
