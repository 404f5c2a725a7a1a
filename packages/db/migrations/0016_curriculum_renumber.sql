-- Issue 26, decision 0075: lectures.position is the lecture's place in its whole course, 1..n in
-- curriculum order (by section, then within it). Migration 0014 kept the positions lectures had, which
-- could have gaps (an older lecture delete didn't close them), so the course page would number them
-- "1., 3., ...": renumber every course once, as renumberCurriculum does after every curriculum write.
UPDATE "lectures" l SET "position" = o.n
  FROM (SELECT l2."id", row_number() OVER (
          PARTITION BY l2."course_id" ORDER BY s."position", l2."position", l2."created_at", l2."id")::int AS n
          FROM "lectures" l2 JOIN "course_sections" s ON s."id" = l2."section_id") o
 WHERE l."id" = o."id" AND l."position" <> o.n;
