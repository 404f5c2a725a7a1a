-- Keeps the analytics rollups (0001_analytics_rollups) in step with their base tables.
--
-- Statement-level AFTER triggers with transition tables: one trigger call per statement, whatever the
-- number of rows, so a single-row insert from the app and a million-row INSERT ... SELECT both update
-- the rollups in the same transaction with one aggregate query. Insert paths upsert; delete paths only
-- UPDATE existing rollup rows (so emptying tables in any order, as the test reset does, never
-- resurrects a rollup row); TRUNCATE clears the matching rollups. Days are UTC calendar days.
--
-- Completions are the one rollup that isn't a plain sum: whether a student has completed a course depends
-- on three tables (enrollments, lectures, lecture_progress) that one statement can change together (a
-- user deletion cascades into two of them, and all cascaded triggers fire after all cascades). So the
-- triggers don't count deltas: they reconcile the course_completions set with the truth for the pairs
-- or courses they touched, and course_stats.completed_students follows that set.
--
-- user_presence (each user's latest request) only moves forward: deleting or truncating events leaves it.
--
-- lectio_rebuild_analytics_rollups() recomputes every rollup from the base tables; it runs at the end
-- of this migration as the backfill and can be run again to repair.

-- Reconciles course_completions with the truth for the given (user, course) pairs: enrolled, and a
-- completed progress row for every lecture the course has now. Each trigger below calls this for the
-- pairs its statement touched, after the statement, so the outcome doesn't depend on which of several
-- triggers (say, the cascades of a user deletion) fires first.
CREATE FUNCTION lectio_sync_completions(p_users uuid[], p_courses uuid[]) RETURNS void
LANGUAGE sql AS $$
  WITH pairs AS (
    SELECT DISTINCT user_id, course_id FROM unnest(p_users, p_courses) AS p(user_id, course_id)
  ), done AS (
    SELECT p.user_id, p.course_id
    FROM pairs p
    JOIN enrollments e ON e.user_id = p.user_id AND e.course_id = p.course_id
    JOIN lecture_progress lp ON lp.user_id = p.user_id AND lp.course_id = p.course_id AND lp.completed
    JOIN lectures l ON l.id = lp.lecture_id AND l.course_id = lp.course_id
    GROUP BY p.user_id, p.course_id
    HAVING count(*) >= (SELECT count(*) FROM lectures x WHERE x.course_id = p.course_id)
  ), removed AS (
    DELETE FROM course_completions c
    USING pairs p
    WHERE c.user_id = p.user_id AND c.course_id = p.course_id
      AND NOT EXISTS (SELECT 1 FROM done d WHERE d.user_id = c.user_id AND d.course_id = c.course_id)
  )
  INSERT INTO course_completions (course_id, user_id)
  SELECT course_id, user_id FROM done
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint

-- The same for every student of the given courses (a lecture added to or removed from a course changes
-- who has completed all of it).
CREATE FUNCTION lectio_sync_course_completions(p_courses uuid[]) RETURNS void
LANGUAGE sql AS $$
  WITH target AS (
    SELECT DISTINCT unnest(p_courses) AS course_id
  ), lecture_counts AS (
    SELECT t.course_id, count(l.id) AS n
    FROM target t LEFT JOIN lectures l ON l.course_id = t.course_id
    GROUP BY t.course_id
  ), done AS (
    SELECT lp.course_id, lp.user_id
    FROM lecture_progress lp
    JOIN lecture_counts lc ON lc.course_id = lp.course_id
    JOIN lectures l ON l.id = lp.lecture_id AND l.course_id = lp.course_id
    JOIN enrollments e ON e.user_id = lp.user_id AND e.course_id = lp.course_id
    WHERE lp.completed
    GROUP BY lp.course_id, lp.user_id, lc.n
    HAVING count(*) >= lc.n
  ), removed AS (
    DELETE FROM course_completions c
    USING target t
    WHERE c.course_id = t.course_id
      AND NOT EXISTS (SELECT 1 FROM done d WHERE d.course_id = c.course_id AND d.user_id = c.user_id)
  )
  INSERT INTO course_completions (course_id, user_id)
  SELECT course_id, user_id FROM done
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint

CREATE FUNCTION lectio_rollup_payments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_revenue AS r (day, amount_minor, payments)
    SELECT (created_at AT TIME ZONE 'UTC')::date, sum(amount_minor), count(*)
    FROM new_rows WHERE status = 'succeeded' GROUP BY 1
    ON CONFLICT (day) DO UPDATE
      SET amount_minor = r.amount_minor + excluded.amount_minor, payments = r.payments + excluded.payments;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE daily_revenue r SET amount_minor = r.amount_minor - d.amount, payments = r.payments - d.n
    FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, sum(amount_minor) AS amount, count(*) AS n
      FROM old_rows WHERE status = 'succeeded' GROUP BY 1
    ) d
    WHERE r.day = d.day;
  ELSE
    INSERT INTO daily_revenue AS r (day, amount_minor, payments)
    SELECT day, sum(amount), sum(n)
    FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, amount_minor::bigint AS amount, 1 AS n
      FROM new_rows WHERE status = 'succeeded'
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, -amount_minor::bigint, -1
      FROM old_rows WHERE status = 'succeeded'
    ) c
    GROUP BY day
    HAVING sum(amount) <> 0 OR sum(n) <> 0
    ON CONFLICT (day) DO UPDATE
      SET amount_minor = r.amount_minor + excluded.amount_minor, payments = r.payments + excluded.payments;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Users per role and sign-ups per UTC day.
CREATE FUNCTION lectio_rollup_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_role_counts AS r (role, users)
    SELECT role, count(*) FROM new_rows GROUP BY role
    ON CONFLICT (role) DO UPDATE SET users = r.users + excluded.users;
    INSERT INTO daily_signups AS r (day, users)
    SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET users = r.users + excluded.users;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE user_role_counts r SET users = r.users - d.n
    FROM (SELECT role, count(*) AS n FROM old_rows GROUP BY role) d
    WHERE r.role = d.role;
    UPDATE daily_signups r SET users = r.users - d.n
    FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM old_rows GROUP BY 1) d
    WHERE r.day = d.day;
  ELSE
    INSERT INTO user_role_counts AS r (role, users)
    SELECT role, sum(n)
    FROM (
      SELECT role, 1 AS n FROM new_rows
      UNION ALL
      SELECT role, -1 FROM old_rows
    ) c
    GROUP BY role
    HAVING sum(n) <> 0
    ON CONFLICT (role) DO UPDATE SET users = r.users + excluded.users;
    INSERT INTO daily_signups AS r (day, users)
    SELECT day, sum(n)
    FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS n FROM new_rows
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, -1 FROM old_rows
    ) c
    GROUP BY day
    HAVING sum(n) <> 0
    ON CONFLICT (day) DO UPDATE SET users = r.users + excluded.users;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- A course_stats row per new course, and the course count.
CREATE FUNCTION lectio_rollup_courses() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO course_stats (course_id, course_created_at)
    SELECT id, created_at FROM new_rows
    ON CONFLICT (course_id) DO NOTHING;
    INSERT INTO platform_counts AS r (metric, value)
    SELECT 'courses', count(*) FROM new_rows
    ON CONFLICT (metric) DO UPDATE SET value = r.value + excluded.value;
  ELSE
    UPDATE platform_counts SET value = value - (SELECT count(*) FROM old_rows) WHERE metric = 'courses';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION lectio_rollup_enrollments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE course_stats s SET enrollments = s.enrollments + d.n
    FROM (SELECT course_id, count(*)::integer AS n FROM new_rows GROUP BY course_id) d
    WHERE s.course_id = d.course_id;
    PERFORM lectio_sync_completions(array_agg(user_id), array_agg(course_id)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE course_stats s SET enrollments = s.enrollments - d.n
    FROM (SELECT course_id, count(*)::integer AS n FROM old_rows GROUP BY course_id) d
    WHERE s.course_id = d.course_id;
    PERFORM lectio_sync_completions(array_agg(user_id), array_agg(course_id)) FROM old_rows;
  ELSE
    -- Only an update that moves an enrollment to another user or course changes anything.
    UPDATE course_stats s SET enrollments = s.enrollments + d.n
    FROM (
      SELECT course_id, sum(n)::integer AS n
      FROM (
        SELECT n.course_id, 1 AS n FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.user_id, n.course_id) IS DISTINCT FROM (o.user_id, o.course_id)
        UNION ALL
        SELECT o.course_id, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.user_id, n.course_id) IS DISTINCT FROM (o.user_id, o.course_id)
      ) c
      GROUP BY course_id
      HAVING sum(n) <> 0
    ) d
    WHERE s.course_id = d.course_id;
    PERFORM lectio_sync_completions(array_agg(user_id), array_agg(course_id))
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

CREATE FUNCTION lectio_rollup_lectures() RETURNS trigger
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
      SELECT o.course_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.course_id <> o.course_id
      UNION
      SELECT n.course_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.course_id <> o.course_id
    ) moved;
  END IF;
  IF affected IS NOT NULL THEN
    UPDATE course_stats s SET lectures = (SELECT count(*) FROM lectures l WHERE l.course_id = s.course_id)
    WHERE s.course_id = ANY (affected);
    PERFORM lectio_sync_course_completions(affected);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Only rows whose completed flag (or owner, lecture or course) changed can change a completion.
CREATE FUNCTION lectio_rollup_lecture_progress() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lectio_sync_completions(array_agg(user_id), array_agg(course_id))
    FROM new_rows WHERE completed;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lectio_sync_completions(array_agg(user_id), array_agg(course_id))
    FROM old_rows WHERE completed;
  ELSE
    PERFORM lectio_sync_completions(array_agg(user_id), array_agg(course_id))
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

-- course_stats.completed_students counts course_completions rows.
CREATE FUNCTION lectio_rollup_course_completions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE course_stats s SET completed_students = s.completed_students + d.n
    FROM (SELECT course_id, count(*)::integer AS n FROM new_rows GROUP BY course_id) d
    WHERE s.course_id = d.course_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE course_stats s SET completed_students = s.completed_students - d.n
    FROM (SELECT course_id, count(*)::integer AS n FROM old_rows GROUP BY course_id) d
    WHERE s.course_id = d.course_id;
  ELSE
    UPDATE course_stats s SET completed_students = s.completed_students + d.n
    FROM (
      SELECT course_id, sum(n)::integer AS n
      FROM (SELECT course_id, 1 AS n FROM new_rows UNION ALL SELECT course_id, -1 FROM old_rows) c
      GROUP BY course_id
      HAVING sum(n) <> 0
    ) d
    WHERE s.course_id = d.course_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION lectio_rollup_activity_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_category_views AS r (day, category, views)
    SELECT (created_at AT TIME ZONE 'UTC')::date, category, count(*)
    FROM new_rows WHERE type = 'course_view' AND category IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (day, category) DO UPDATE SET views = r.views + excluded.views;
    INSERT INTO user_presence AS p (user_id, last_request_at)
    SELECT user_id, max(created_at)
    FROM new_rows WHERE type = 'request' AND user_id IS NOT NULL GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET last_request_at = greatest(p.last_request_at, excluded.last_request_at);
  ELSE
    UPDATE daily_category_views r SET views = r.views - d.n
    FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, category, count(*) AS n
      FROM old_rows WHERE type = 'course_view' AND category IS NOT NULL GROUP BY 1, 2
    ) d
    WHERE r.day = d.day AND r.category = d.category;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Session length: last_seen_at - created_at in whole milliseconds, never negative.
CREATE FUNCTION lectio_rollup_auth_sessions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_session_stats AS r (day, sessions, total_session_ms)
    SELECT (created_at AT TIME ZONE 'UTC')::date, count(*),
      sum(greatest(0, floor(extract(epoch FROM last_seen_at - created_at) * 1000)))::bigint
    FROM new_rows GROUP BY 1
    ON CONFLICT (day) DO UPDATE
      SET sessions = r.sessions + excluded.sessions, total_session_ms = r.total_session_ms + excluded.total_session_ms;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE daily_session_stats r
    SET sessions = r.sessions - d.n, total_session_ms = r.total_session_ms - d.ms
    FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n,
        sum(greatest(0, floor(extract(epoch FROM last_seen_at - created_at) * 1000)))::bigint AS ms
      FROM old_rows GROUP BY 1
    ) d
    WHERE r.day = d.day;
  ELSE
    INSERT INTO daily_session_stats AS r (day, sessions, total_session_ms)
    SELECT day, sum(n), sum(ms)
    FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS n,
        greatest(0, floor(extract(epoch FROM last_seen_at - created_at) * 1000))::bigint AS ms
      FROM new_rows
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, -1,
        -greatest(0, floor(extract(epoch FROM last_seen_at - created_at) * 1000))::bigint
      FROM old_rows
    ) c
    GROUP BY day
    HAVING sum(n) <> 0 OR sum(ms) <> 0
    ON CONFLICT (day) DO UPDATE
      SET sessions = r.sessions + excluded.sessions, total_session_ms = r.total_session_ms + excluded.total_session_ms;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- TRUNCATE fires no row or statement DML triggers: clear what the emptied table contributed.
CREATE FUNCTION lectio_rollup_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'payments' THEN DELETE FROM daily_revenue;
    WHEN 'users' THEN
      DELETE FROM user_role_counts;
      DELETE FROM daily_signups;
    WHEN 'courses' THEN DELETE FROM platform_counts WHERE metric = 'courses';
    WHEN 'enrollments' THEN
      UPDATE course_stats SET enrollments = 0;
      DELETE FROM course_completions;
    WHEN 'lectures' THEN
      UPDATE course_stats SET lectures = 0;
      DELETE FROM course_completions;
    WHEN 'lecture_progress' THEN DELETE FROM course_completions;
    WHEN 'course_completions' THEN UPDATE course_stats SET completed_students = 0;
    WHEN 'activity_events' THEN DELETE FROM daily_category_views;
    WHEN 'auth_sessions' THEN DELETE FROM daily_session_stats;
  END CASE;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER payments_rollup_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_payments();
--> statement-breakpoint
CREATE TRIGGER payments_rollup_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_payments();
--> statement-breakpoint
CREATE TRIGGER payments_rollup_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_payments();
--> statement-breakpoint
CREATE TRIGGER payments_rollup_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_truncate();
--> statement-breakpoint

CREATE TRIGGER users_rollup_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_users();
--> statement-breakpoint
CREATE TRIGGER users_rollup_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_users();
--> statement-breakpoint
CREATE TRIGGER users_rollup_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_users();
--> statement-breakpoint
CREATE TRIGGER users_rollup_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_truncate();
--> statement-breakpoint

CREATE TRIGGER courses_rollup_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_courses();
--> statement-breakpoint
CREATE TRIGGER courses_rollup_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_courses();
--> statement-breakpoint
CREATE TRIGGER courses_rollup_truncate AFTER TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_truncate();
--> statement-breakpoint

CREATE TRIGGER enrollments_rollup_insert AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_enrollments();
--> statement-breakpoint
CREATE TRIGGER enrollments_rollup_update AFTER UPDATE ON enrollments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_enrollments();
--> statement-breakpoint
CREATE TRIGGER enrollments_rollup_delete AFTER DELETE ON enrollments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_enrollments();
--> statement-breakpoint
CREATE TRIGGER enrollments_rollup_truncate AFTER TRUNCATE ON enrollments
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_truncate();
--> statement-breakpoint

CREATE TRIGGER lectures_rollup_insert AFTER INSERT ON lectures REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_lectures();
--> statement-breakpoint
CREATE TRIGGER lectures_rollup_update AFTER UPDATE ON lectures REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_lectures();
--> statement-breakpoint
CREATE TRIGGER lectures_rollup_delete AFTER DELETE ON lectures REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_lectures();
--> statement-breakpoint
CREATE TRIGGER lectures_rollup_truncate AFTER TRUNCATE ON lectures
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_truncate();
--> statement-breakpoint

CREATE TRIGGER lecture_progress_rollup_insert AFTER INSERT ON lecture_progress REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_lecture_progress();
--> statement-breakpoint
CREATE TRIGGER lecture_progress_rollup_update AFTER UPDATE ON lecture_progress REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_lecture_progress();
--> statement-breakpoint
CREATE TRIGGER lecture_progress_rollup_delete AFTER DELETE ON lecture_progress REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_lecture_progress();
--> statement-breakpoint
CREATE TRIGGER lecture_progress_rollup_truncate AFTER TRUNCATE ON lecture_progress
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_truncate();
--> statement-breakpoint

CREATE TRIGGER course_completions_rollup_insert AFTER INSERT ON course_completions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_course_completions();
--> statement-breakpoint
CREATE TRIGGER course_completions_rollup_update AFTER UPDATE ON course_completions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_course_completions();
--> statement-breakpoint
CREATE TRIGGER course_completions_rollup_delete AFTER DELETE ON course_completions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_course_completions();
--> statement-breakpoint
CREATE TRIGGER course_completions_rollup_truncate AFTER TRUNCATE ON course_completions
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_truncate();
--> statement-breakpoint

CREATE TRIGGER activity_events_rollup_insert AFTER INSERT ON activity_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_activity_events();
--> statement-breakpoint
CREATE TRIGGER activity_events_rollup_delete AFTER DELETE ON activity_events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_activity_events();
--> statement-breakpoint
CREATE TRIGGER activity_events_rollup_truncate AFTER TRUNCATE ON activity_events
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_truncate();
--> statement-breakpoint

CREATE TRIGGER auth_sessions_rollup_insert AFTER INSERT ON auth_sessions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_auth_sessions();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_rollup_update AFTER UPDATE ON auth_sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_auth_sessions();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_rollup_delete AFTER DELETE ON auth_sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_auth_sessions();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_rollup_truncate AFTER TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_truncate();
--> statement-breakpoint

-- Recomputes every rollup from its base tables. Writers wait (SHARE locks) so the result is exact.
CREATE FUNCTION lectio_rebuild_analytics_rollups() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE payments, users, courses, enrollments, lectures, lecture_progress, activity_events, auth_sessions
    IN SHARE MODE;

  DELETE FROM daily_revenue;
  INSERT INTO daily_revenue (day, amount_minor, payments)
  SELECT (created_at AT TIME ZONE 'UTC')::date, sum(amount_minor), count(*)
  FROM payments WHERE status = 'succeeded' GROUP BY 1;

  DELETE FROM user_role_counts;
  INSERT INTO user_role_counts (role, users) SELECT role, count(*) FROM users GROUP BY role;

  DELETE FROM daily_signups;
  INSERT INTO daily_signups (day, users)
  SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM users GROUP BY 1;

  DELETE FROM platform_counts WHERE metric = 'courses';
  INSERT INTO platform_counts (metric, value) SELECT 'courses', count(*) FROM courses;

  DELETE FROM course_completions;
  DELETE FROM course_stats;
  INSERT INTO course_completions (course_id, user_id)
  SELECT p.course_id, p.user_id
  FROM (
    SELECT lp.user_id, lp.course_id, count(*) AS completed
    FROM lecture_progress lp
    JOIN lectures lx ON lx.id = lp.lecture_id AND lx.course_id = lp.course_id
    WHERE lp.completed
    GROUP BY 1, 2
  ) p
  JOIN (SELECT course_id, count(*) AS n FROM lectures GROUP BY course_id) lc ON lc.course_id = p.course_id
  JOIN enrollments en ON en.user_id = p.user_id AND en.course_id = p.course_id
  WHERE p.completed >= lc.n;
  INSERT INTO course_stats (course_id, course_created_at, enrollments, lectures, completed_students)
  SELECT c.id, c.created_at, coalesce(e.n, 0), coalesce(l.n, 0), coalesce(done.n, 0)
  FROM courses c
  LEFT JOIN (SELECT course_id, count(*)::integer AS n FROM enrollments GROUP BY course_id) e ON e.course_id = c.id
  LEFT JOIN (SELECT course_id, count(*)::integer AS n FROM lectures GROUP BY course_id) l ON l.course_id = c.id
  LEFT JOIN (SELECT course_id, count(*)::integer AS n FROM course_completions GROUP BY course_id) done
    ON done.course_id = c.id;

  DELETE FROM daily_category_views;
  INSERT INTO daily_category_views (day, category, views)
  SELECT (created_at AT TIME ZONE 'UTC')::date, category, count(*)
  FROM activity_events WHERE type = 'course_view' AND category IS NOT NULL GROUP BY 1, 2;

  -- Presence only moves forward (deleted events don't rewind it), so the rebuild only brings it forward.
  INSERT INTO user_presence AS p (user_id, last_request_at)
  SELECT user_id, max(created_at)
  FROM activity_events WHERE type = 'request' AND user_id IS NOT NULL GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET last_request_at = greatest(p.last_request_at, excluded.last_request_at);

  DELETE FROM daily_session_stats;
  INSERT INTO daily_session_stats (day, sessions, total_session_ms)
  SELECT (created_at AT TIME ZONE 'UTC')::date, count(*),
    sum(greatest(0, floor(extract(epoch FROM last_seen_at - created_at) * 1000)))::bigint
  FROM auth_sessions GROUP BY 1;
END
$$;
--> statement-breakpoint

SELECT lectio_rebuild_analytics_rollups();
