-- Catalogue search (issue 16, decision 0044). pg_trgm is required (titles as you type, typo suggestions);
-- unaccent is used where the server has it. Both are in PostgreSQL's contrib and in PGlite, and both are
-- trusted extensions, which a database owner may create.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent') THEN
    CREATE EXTENSION IF NOT EXISTS unaccent;
  END IF;
END
$$;--> statement-breakpoint
-- English stemming with accents folded: the configuration of the search document and of every query.
CREATE TEXT SEARCH CONFIGURATION lectio_search (COPY = pg_catalog.english);--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'unaccent') THEN
    ALTER TEXT SEARCH CONFIGURATION lectio_search
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
    -- Immutable (the dictionary is named), so it can back an index: lower case, accents removed.
    CREATE FUNCTION lectio_fold(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $f$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $f$;
  ELSE
    CREATE FUNCTION lectio_fold(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $f$ SELECT lower(value) $f$;
  END IF;
END
$$;--> statement-breakpoint
-- array_to_string is only STABLE (for arrays of any type); over text[] it is immutable, as a generated
-- column needs.
CREATE FUNCTION lectio_join(value text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $f$ SELECT coalesce(array_to_string(value, ' '), '') $f$;--> statement-breakpoint
-- The search document, kept by PostgreSQL (left out of the drizzle schema on purpose: no course select
-- reads it): title A, short description and tags B, description and learning points C.
ALTER TABLE "courses" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('lectio_search'::regconfig, title), 'A')
  || setweight(to_tsvector('lectio_search'::regconfig, short_description || ' ' || tags), 'B')
  || setweight(to_tsvector('lectio_search'::regconfig, description || ' ' || lectio_join(what_you_will_learn)), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search_document");--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "course_stats_students_idx" ON "course_stats" USING btree ("enrollments" DESC NULLS FIRST,"course_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_title_trgm_idx" ON "courses" USING gin (lectio_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_price_idx" ON "courses" USING btree ("is_published","price_minor","id");--> statement-breakpoint
-- The words of every title ever saved, for "Did you mean" (search_words).
CREATE FUNCTION lectio_collect_title_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $f$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT word
    FROM regexp_split_to_table(lectio_fold(NEW.title), '[^[:alnum:]]+') AS word
    WHERE length(word) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$f$;--> statement-breakpoint
CREATE TRIGGER courses_collect_title_words
  AFTER INSERT OR UPDATE OF title ON courses
  FOR EACH ROW EXECUTE FUNCTION lectio_collect_title_words();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT word
  FROM courses, regexp_split_to_table(lectio_fold(courses.title), '[^[:alnum:]]+') AS word
  WHERE length(word) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;
