CREATE TABLE "back_in_stock_requests" (
	"back_in_stock_request_id" serial PRIMARY KEY NOT NULL,
	"product_size_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_product_size_id_product_sizes_product_size_id_fk" FOREIGN KEY ("product_size_id") REFERENCES "public"."product_sizes"("product_size_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_requests_open_key" ON "back_in_stock_requests" USING btree ("product_size_id",lower("email")) WHERE "back_in_stock_requests"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_email_idx" ON "back_in_stock_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_user_idx" ON "back_in_stock_requests" USING btree ("user_id");