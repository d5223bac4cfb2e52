CREATE TABLE "return_lines" (
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "return_lines_return_id_order_line_id_pk" PRIMARY KEY("return_id","order_line_id"),
	CONSTRAINT "return_lines_count_positive" CHECK ("return_lines"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"return_id" integer NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "return_photos_return_id_position_pk" PRIMARY KEY("return_id","position"),
	CONSTRAINT "return_photos_position_range" CHECK ("return_photos"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"return_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"fault_found_on" date,
	"window_until" date NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"goods_back" boolean,
	"instructions" text,
	"refusal_reason" text,
	"written_off" boolean,
	"received_at" timestamp with time zone,
	"refund_pence" integer,
	"order_payment_id" integer,
	"replacement_carrier" text,
	"replacement_tracking_number" text,
	"settled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_reason_valid" CHECK ("returns"."reason" in ('unwanted', 'damaged', 'faulty', 'warranty')),
	CONSTRAINT "returns_state_valid" CHECK ("returns"."state" in ('requested', 'approved', 'refused', 'received', 'refunded', 'replaced')),
	CONSTRAINT "returns_description_length" CHECK (char_length("returns"."description") between 1 and 2000),
	CONSTRAINT "returns_refund_positive" CHECK ("returns"."refund_pence" is null or "returns"."refund_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_return_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("return_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("order_line_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_returns_return_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("return_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_payment_id_order_payments_order_payment_id_fk" FOREIGN KEY ("order_payment_id") REFERENCES "public"."order_payments"("order_payment_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_open_idx" ON "returns" USING btree ("created_at") WHERE "returns"."state" in ('requested', 'approved', 'received');