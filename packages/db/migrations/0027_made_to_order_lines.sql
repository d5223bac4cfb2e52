ALTER TABLE "order_lines" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "product_price_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ALTER COLUMN "product_price_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "kind" text DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "kind" text DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "dispatch_by" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "lead_time_working_days" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_kind_valid" CHECK ("order_lines"."kind" in ('goods', 'charge'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_charge_has_no_product" CHECK (("order_lines"."kind" = 'charge') = ("order_lines"."product_price_id" is null) and ("order_lines"."product_id" is null) = ("order_lines"."product_price_id" is null));--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_kind_valid" CHECK ("quote_lines"."kind" in ('goods', 'charge'));--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_charge_has_no_product" CHECK (("quote_lines"."kind" = 'charge') = ("quote_lines"."product_price_id" is null) and ("quote_lines"."product_id" is null) = ("quote_lines"."product_price_id" is null));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_one_dispatch_promise" CHECK ("quotes"."dispatch_by" is null or "quotes"."lead_time_working_days" is null);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_lead_time_range" CHECK ("quotes"."lead_time_working_days" is null or "quotes"."lead_time_working_days" between 1 and 120);