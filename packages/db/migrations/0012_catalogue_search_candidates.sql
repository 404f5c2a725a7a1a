-- Search at scale (issue 16, decision 0044). The folded title is stored, so matching a title substring
-- reads a column instead of calling unaccent for every row a search passes; it backs the trigram index.
-- Left out of the drizzle schema, like search_document.
ALTER TABLE "courses" ADD COLUMN "title_folded" text GENERATED ALWAYS AS (lectio_fold(title)) STORED;--> statement-breakpoint
DROP INDEX "courses_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "courses_title_trgm_idx" ON "courses" USING gin (title_folded gin_trgm_ops);--> statement-breakpoint
-- The rating order carries what a relevance list's candidates are chosen by (course-search.ts): walking
-- it for the best-rated titles that contain the search, with the level and price filters, needs no
-- table row (an index-only scan). INCLUDE can't be declared in drizzle's schema, so these two indexes
-- live here only. Titles are at most 200 characters (the contract), well under a B-tree entry's limit.
DROP INDEX "courses_rating_idx";--> statement-breakpoint
CREATE INDEX "courses_rating_idx" ON "courses" USING btree ("is_published","rating" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("title_folded","level","price_minor");--> statement-breakpoint
CREATE INDEX "courses_category_rating_idx" ON "courses" USING btree ("is_published","category","rating" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("title_folded","level","price_minor");
