ALTER TABLE "orders" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_name_length" CHECK (char_length("users"."company_name") between 1 and 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_vat_number_format" CHECK ("users"."vat_number" ~ '^GB([0-9]{9}|[0-9]{12})$');--> statement-breakpoint
-- Orders placed before the billing snapshot existed keep the billing address they point at now.
UPDATE "orders" o SET "billing_address" = jsonb_build_object(
  'reference', a."reference", 'contact_name', a."contact_name", 'region', a."region", 'company_name', a."company_name",
  'address', a."address", 'town', a."town", 'country', a."country", 'post_code', a."post_code", 'phone', a."phone")
FROM "addresses" a WHERE a."address_id" = o."billing_address_id" AND o."billing_address" IS NULL;
