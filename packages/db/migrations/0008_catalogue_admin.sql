CREATE TABLE "image_variants" (
	"sha256" text NOT NULL,
	"variant_width" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "image_variants_sha256_variant_width_pk" PRIMARY KEY("sha256","variant_width")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_sha256_format" CHECK ("images"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "images_content_type_valid" CHECK ("images"."content_type" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"price_change_id" bigserial PRIMARY KEY NOT NULL,
	"product_price_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"staff_id" integer,
	"source" text NOT NULL,
	"old_price_pence" integer,
	"new_price_pence" integer,
	"old_pack_range" integer[],
	"new_pack_range" integer[],
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_changes_source_valid" CHECK ("price_changes"."source" in ('editor', 'import'))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "page_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "page_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_sha256_images_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."images"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_staff_staff_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff"("staff_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_changes_product_idx" ON "price_changes" USING btree ("product_id","price_change_id");--> statement-breakpoint
CREATE INDEX "price_changes_pack_idx" ON "price_changes" USING btree ("product_price_id","price_change_id");--> statement-breakpoint
-- Product codes: existing products get `P` + the id zero-padded to 6 digits, and so
-- does any insert that names none (the demo seed, tests); the code is then unique, without case.
UPDATE "products" SET "product_code" = 'P' || lpad("product_id"::text, 6, '0') WHERE "product_code" = '';--> statement-breakpoint
CREATE FUNCTION "products_default_code"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."product_code" IS NULL OR NEW."product_code" = '' THEN
    NEW."product_code" := 'P' || lpad(NEW."product_id"::text, 6, '0');
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_default_code" BEFORE INSERT OR UPDATE OF "product_code" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_default_code"();--> statement-breakpoint
CREATE UNIQUE INDEX "products_product_code_key" ON "products" USING btree (lower("product_code"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_code_format" CHECK (char_length("product_code") between 1 and 40 AND "product_code" !~ '[[:space:],;"]');--> statement-breakpoint
-- The price history is evidence: never changed or deleted (the trigger function of migration 0007).
CREATE TRIGGER "price_changes_append_only" BEFORE UPDATE OR DELETE ON "price_changes"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_append_only"();--> statement-breakpoint
CREATE TRIGGER "price_changes_no_truncate" BEFORE TRUNCATE ON "price_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change_to_append_only"();
