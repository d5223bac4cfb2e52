-- Faster search over a large catalogue (see CatalogueRepository.searchProductIds).
--
-- 1. The GIN search indexes without a pending list. With fastupdate (the default) new
--    entries wait in an unsorted list that every search scans until VACUUM merges it, and
--    PGlite never runs autovacuum: after seeding 50,000 products a full-text lookup took
--    2-3 times as long. Catalogue writes are rare; searches are not.
ALTER INDEX "products_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "products_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('products_search_vector_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('products_name_trgm_idx'::regclass);
--> statement-breakpoint
-- 2. Full text of the name alone, so products whose name has every word searched for can be
--    found, and ranked first, without reading the thousands that match only by description.
CREATE INDEX IF NOT EXISTS "products_name_vector_idx" ON "products" USING gin (to_tsvector('english', "name")) WITH (fastupdate = off);
--> statement-breakpoint
-- 3. Search vocabulary: the words of active product names (lower case, letters only, two or
-- more letters) with how often each occurs. Spelling correction reads it whole on every
-- uncached search; deriving it from 50,000 names each time took about 300 ms. Statement
-- triggers on products keep it current, so a bulk insert costs one pass over its new rows.
-- Search-only, like products.search_vector: not part of the Drizzle schema. Written to run
-- again over an earlier draft of itself (IF NOT EXISTS, OR REPLACE, counts rebuilt).
CREATE OR REPLACE FUNCTION "search_name_words"("name" text) RETURNS SETOF text AS $$
  SELECT word FROM regexp_split_to_table(lower("name"), '[^a-z]+') AS word WHERE length(word) > 1
$$ LANGUAGE sql IMMUTABLE STRICT;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_words" (
  "word" text PRIMARY KEY,
  "occurrences" integer NOT NULL
);
--> statement-breakpoint
DELETE FROM "search_words";
--> statement-breakpoint
INSERT INTO "search_words" ("word", "occurrences")
SELECT word, count(*)::int FROM "products", "search_name_words"("products"."name") AS word
WHERE "products"."is_active"
GROUP BY word;
--> statement-breakpoint
-- Adds each change to its word's count (words in order, so concurrent writers lock them in
-- the same order) and drops words that no active product uses any more.
CREATE OR REPLACE FUNCTION "search_words_apply"("words" text[], "changes" integer[]) RETURNS void AS $$
  UPDATE "search_words" AS w SET "occurrences" = w."occurrences" + d."change"
  FROM unnest("words", "changes") AS d("word", "change")
  WHERE w."word" = d."word" AND d."change" < 0;
  DELETE FROM "search_words" WHERE "occurrences" <= 0;
  INSERT INTO "search_words" AS w ("word", "occurrences")
  SELECT d."word", d."change" FROM unnest("words", "changes") AS d("word", "change")
  WHERE d."change" > 0 ORDER BY d."word"
  ON CONFLICT ("word") DO UPDATE SET "occurrences" = w."occurrences" + excluded."occurrences";
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_words_maintain"() RETURNS trigger AS $$
DECLARE
  words text[];
  changes integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "search_words";
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.word ORDER BY d.word), array_agg(d.change ORDER BY d.word) INTO words, changes
    FROM (
      SELECT word, count(*)::int AS change FROM new_rows, "search_name_words"(new_rows."name") AS word
      WHERE new_rows."is_active" GROUP BY word
    ) AS d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.word ORDER BY d.word), array_agg(d.change ORDER BY d.word) INTO words, changes
    FROM (
      SELECT word, -count(*)::int AS change FROM old_rows, "search_name_words"(old_rows."name") AS word
      WHERE old_rows."is_active" GROUP BY word
    ) AS d;
  ELSE
    SELECT array_agg(d.word ORDER BY d.word), array_agg(d.change ORDER BY d.word) INTO words, changes
    FROM (
      SELECT word, sum(c.change)::int AS change FROM (
        SELECT word, 1 AS change FROM new_rows, "search_name_words"(new_rows."name") AS word WHERE new_rows."is_active"
        UNION ALL
        SELECT word, -1 FROM old_rows, "search_name_words"(old_rows."name") AS word WHERE old_rows."is_active"
      ) AS c
      GROUP BY word HAVING sum(c.change) <> 0
    ) AS d;
  END IF;
  IF words IS NOT NULL THEN
    PERFORM "search_words_apply"(words, changes);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_search_words_insert" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_maintain"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_search_words_update" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_maintain"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_search_words_delete" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_search_words_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_maintain"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_search_words_truncate" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_search_words_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_maintain"();
