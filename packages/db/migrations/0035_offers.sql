CREATE TABLE "offer_uses" (
	"offer_use_id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"delivery_saved_pence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"offer_id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_pence" integer,
	"applies_to" text DEFAULT 'basket' NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"product_size_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"min_spend_pence" integer DEFAULT 0 NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"company_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_kind_valid" CHECK ("offers"."kind" in ('percent', 'amount', 'free-delivery')),
	CONSTRAINT "offers_target_valid" CHECK ("offers"."applies_to" in ('basket', 'categories', 'sizes')),
	CONSTRAINT "offers_audience_valid" CHECK ("offers"."audience" in ('everyone', 'new-customers', 'named')),
	CONSTRAINT "offers_percent_range" CHECK (("offers"."kind" = 'percent') = ("offers"."percent_off" is not null) and ("offers"."percent_off" is null or "offers"."percent_off" between 1 and 10000)),
	CONSTRAINT "offers_amount_positive" CHECK (("offers"."kind" = 'amount') = ("offers"."amount_off_pence" is not null) and ("offers"."amount_off_pence" is null or "offers"."amount_off_pence" > 0)),
	CONSTRAINT "offers_uses_range" CHECK ("offers"."uses" >= 0 and ("offers"."max_uses" is null or "offers"."uses" <= "offers"."max_uses")),
	CONSTRAINT "offers_dates_ordered" CHECK ("offers"."ends_on" is null or "offers"."ends_on" >= "offers"."starts_on"),
	CONSTRAINT "offers_min_spend_nonnegative" CHECK ("offers"."min_spend_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "offers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "offer_code" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_staff_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("staff_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_uses_offer_order_key" ON "offer_uses" USING btree ("offer_id","order_id");--> statement-breakpoint
CREATE INDEX "offer_uses_customer_idx" ON "offer_uses" USING btree ("user_id","offer_id");--> statement-breakpoint
CREATE INDEX "offer_uses_order_idx" ON "offer_uses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_code_key" ON "offers" USING btree (upper("code"));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_nonnegative" CHECK ("order_lines"."discount_pence" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_nonnegative" CHECK ("orders"."discount_pence" >= 0);