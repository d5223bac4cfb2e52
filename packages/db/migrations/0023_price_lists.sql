CREATE TABLE "price_list_customers" (
	"price_list_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_customers_price_list_id_user_id_pk" PRIMARY KEY("price_list_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_entries" (
	"price_list_entry_id" serial PRIMARY KEY NOT NULL,
	"price_list_id" integer NOT NULL,
	"product_size_id" integer,
	"category_id" integer,
	"pack_quantity" integer,
	"fixed_price_pence" integer,
	"percent_off" integer,
	CONSTRAINT "price_list_entries_one_target" CHECK (("price_list_entries"."product_size_id" IS NULL) <> ("price_list_entries"."category_id" IS NULL)),
	CONSTRAINT "price_list_entries_one_rule" CHECK (("price_list_entries"."fixed_price_pence" IS NULL) <> ("price_list_entries"."percent_off" IS NULL)),
	CONSTRAINT "price_list_entries_fixed_is_a_pack" CHECK (("price_list_entries"."fixed_price_pence" IS NULL) = ("price_list_entries"."pack_quantity" IS NULL) AND ("price_list_entries"."fixed_price_pence" IS NULL OR "price_list_entries"."product_size_id" IS NOT NULL)),
	CONSTRAINT "price_list_entries_fixed_positive" CHECK ("price_list_entries"."fixed_price_pence" IS NULL OR "price_list_entries"."fixed_price_pence" > 0),
	CONSTRAINT "price_list_entries_percent_range" CHECK ("price_list_entries"."percent_off" IS NULL OR "price_list_entries"."percent_off" BETWEEN 1 AND 9999)
);
--> statement-breakpoint
CREATE TABLE "price_list_events" (
	"price_list_event_id" bigserial PRIMARY KEY NOT NULL,
	"price_list_id" integer NOT NULL,
	"staff_id" integer,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"price_list_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_notes" (
	"staff_note_id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"user_id" integer,
	"staff_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notes_one_subject" CHECK (("staff_notes"."order_id" IS NULL) <> ("staff_notes"."user_id" IS NULL)),
	CONSTRAINT "staff_notes_body_length" CHECK (char_length("staff_notes"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "price_list_customers" ADD CONSTRAINT "price_list_customers_price_list_id_price_lists_price_list_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("price_list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_customers" ADD CONSTRAINT "price_list_customers_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_customers" ADD CONSTRAINT "price_list_customers_assigned_by_staff_staff_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."staff"("staff_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_price_list_id_price_lists_price_list_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("price_list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_product_size_id_product_sizes_product_size_id_fk" FOREIGN KEY ("product_size_id") REFERENCES "public"."product_sizes"("product_size_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_events" ADD CONSTRAINT "price_list_events_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notes" ADD CONSTRAINT "staff_notes_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_customers_user_idx" ON "price_list_customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "price_list_entries_list_idx" ON "price_list_entries" USING btree ("price_list_id");--> statement-breakpoint
CREATE INDEX "price_list_events_list_idx" ON "price_list_events" USING btree ("price_list_id","price_list_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_name_key" ON "price_lists" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "staff_notes_order_idx" ON "staff_notes" USING btree ("order_id","staff_note_id");--> statement-breakpoint
CREATE INDEX "staff_notes_user_idx" ON "staff_notes" USING btree ("user_id","staff_note_id");