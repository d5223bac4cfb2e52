-- Full-text search document over a product's name (weighted) and description.
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce("name", '')), 'A') ||
    setweight(to_tsvector('english', coalesce("description", '')), 'C')
  ) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
-- Trigram index on the lower-cased name: tolerates a transposed or missing letter.
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
-- Sizes as typed by customers: `12x9x6"` and `12 X 9 X 6` both become `12x9x6`.
ALTER TABLE "product_sizes" ADD COLUMN "size1_key" text
  GENERATED ALWAYS AS (regexp_replace(lower("size1"), '[^0-9.x]', '', 'g')) STORED;
--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "size2_key" text
  GENERATED ALWAYS AS (regexp_replace(lower("size2"), '[^0-9.x]', '', 'g')) STORED;
--> statement-breakpoint
CREATE INDEX "product_sizes_size1_key_idx" ON "product_sizes" ("size1_key" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "product_sizes_size2_key_idx" ON "product_sizes" ("size2_key" text_pattern_ops);
--> statement-breakpoint
-- Catalogue version: bumped by any catalogue write, announced with NOTIFY so every
-- server process can drop its cached catalogue reads (no stale price after a change).
CREATE TABLE "catalogue_state" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 1
);
--> statement-breakpoint
INSERT INTO "catalogue_state" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION "catalogue_changed"() RETURNS trigger AS $$
DECLARE new_version bigint;
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO new_version;
  PERFORM pg_notify('catalogue_changed', new_version::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_sizes_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_sizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_prices_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
