CREATE TABLE "product_stock_settings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"backorders_allowed" boolean DEFAULT false NOT NULL,
	"expected_date" date
);
--> statement-breakpoint
CREATE TABLE "stock_deliveries" (
	"stock_delivery_id" serial PRIMARY KEY NOT NULL,
	"supplier_reference" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"product_size_id" integer PRIMARY KEY NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"allocated" integer DEFAULT 0 NOT NULL,
	"low_threshold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_levels_allocated_nonnegative" CHECK ("stock_levels"."allocated" >= 0),
	CONSTRAINT "stock_levels_low_threshold_nonnegative" CHECK ("stock_levels"."low_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"stock_movement_id" bigserial PRIMARY KEY NOT NULL,
	"product_size_id" integer NOT NULL,
	"kind" text NOT NULL,
	"on_hand_change" integer DEFAULT 0 NOT NULL,
	"allocated_change" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"order_line_id" integer,
	"stock_delivery_id" integer,
	"staff_id" integer,
	"user_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_stock_settings" ADD CONSTRAINT "product_stock_settings_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_deliveries" ADD CONSTRAINT "stock_deliveries_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_size_id_product_sizes_product_size_id_fk" FOREIGN KEY ("product_size_id") REFERENCES "public"."product_sizes"("product_size_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_size_id_product_sizes_product_size_id_fk" FOREIGN KEY ("product_size_id") REFERENCES "public"."product_sizes"("product_size_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_stock_delivery_id_stock_deliveries_stock_delivery_id_fk" FOREIGN KEY ("stock_delivery_id") REFERENCES "public"."stock_deliveries"("stock_delivery_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_size_idx" ON "stock_movements" USING btree ("product_size_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_order_line_idx" ON "stock_movements" USING btree ("order_line_id") WHERE "stock_movements"."order_line_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id") WHERE "stock_movements"."order_id" IS NOT NULL;