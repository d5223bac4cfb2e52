CREATE TABLE "shopping_list_lines" (
	"shopping_list_line_id" serial PRIMARY KEY NOT NULL,
	"shopping_list_id" integer NOT NULL,
	"product_id" integer,
	"product_price_id" integer,
	"product_name" text NOT NULL,
	"size1" text NOT NULL,
	"qty" integer NOT NULL,
	"count" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "shopping_list_lines_count_range" CHECK ("shopping_list_lines"."count" between 1 and 1000),
	CONSTRAINT "shopping_list_lines_qty_positive" CHECK ("shopping_list_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "shopping_lists" (
	"shopping_list_id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopping_lists_name_length" CHECK (char_length("shopping_lists"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "shopping_list_lines" ADD CONSTRAINT "shopping_list_lines_shopping_list_id_shopping_lists_shopping_list_id_fk" FOREIGN KEY ("shopping_list_id") REFERENCES "public"."shopping_lists"("shopping_list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_lines" ADD CONSTRAINT "shopping_list_lines_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_lines" ADD CONSTRAINT "shopping_list_lines_product_price_id_product_prices_product_price_id_fk" FOREIGN KEY ("product_price_id") REFERENCES "public"."product_prices"("product_price_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_lists" ADD CONSTRAINT "shopping_lists_owner_user_id_users_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopping_list_lines_list_idx" ON "shopping_list_lines" USING btree ("shopping_list_id","position");--> statement-breakpoint
CREATE INDEX "shopping_list_lines_price_idx" ON "shopping_list_lines" USING btree ("product_price_id");--> statement-breakpoint
CREATE INDEX "shopping_lists_owner_idx" ON "shopping_lists" USING btree ("owner_user_id");