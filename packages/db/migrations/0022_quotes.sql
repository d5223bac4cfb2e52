CREATE TABLE "quote_lines" (
	"quote_line_id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_price_id" integer NOT NULL,
	"size1" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"order_line_id" integer,
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quote_lines"."quantity" > 0),
	CONSTRAINT "quote_lines_unit_price_positive" CHECK ("quote_lines"."unit_price_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_number_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_number_counter_single_row" CHECK ("quote_number_counter"."id")
);
--> statement-breakpoint
CREATE TABLE "quote_request_items" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_price_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"size1" text NOT NULL,
	"quantity" integer NOT NULL,
	"printed" boolean DEFAULT false NOT NULL,
	"custom" boolean DEFAULT false NOT NULL,
	"custom_size" text DEFAULT '' NOT NULL,
	"print_colours" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "quote_request_items_quantity_positive" CHECK ("quote_request_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"quote_id" serial PRIMARY KEY NOT NULL,
	"quote_number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"request_note" text DEFAULT '' NOT NULL,
	"needed_by" date,
	"artwork_name" text,
	"artwork_type" text,
	"artwork_bytes" "bytea",
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_charge_pence" integer,
	"validity_days" integer,
	"valid_until" date,
	"quote_note" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" integer,
	"accepted_at" timestamp with time zone,
	"order_id" integer,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "quotes_status_valid" CHECK ("quotes"."status" in ('requested', 'sent', 'accepted', 'withdrawn')),
	CONSTRAINT "quotes_delivery_charge_range" CHECK ("quotes"."delivery_charge_pence" is null or "quotes"."delivery_charge_pence" >= 0),
	CONSTRAINT "quotes_accepted_has_order" CHECK (("quotes"."status" = 'accepted') = ("quotes"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("quote_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_order_line_id_order_lines_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("order_line_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_items" ADD CONSTRAINT "quote_request_items_quote_id_quotes_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("quote_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_sent_by_staff_staff_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_number_key" ON "quote_lines" USING btree ("quote_id","line_number");--> statement-breakpoint
CREATE INDEX "quote_request_items_quote_idx" ON "quote_request_items" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_quote_number_key" ON "quotes" USING btree ("quote_number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_order_key" ON "quotes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id","quote_id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","quote_id");