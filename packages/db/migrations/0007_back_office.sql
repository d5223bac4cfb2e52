CREATE TABLE "invoice_number_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_number_counter_single_row" CHECK ("invoice_number_counter"."id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"invoice_number" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tax_point_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"order_event_id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"order_payment_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"received_on" date NOT NULL,
	"bank_reference" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_kind_valid" CHECK ("order_payments"."kind" in ('payment', 'refund')),
	CONSTRAINT "order_payments_amount_positive" CHECK ("order_payments"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"staff_id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"recovery_code_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_role_valid" CHECK ("staff"."role" in ('owner', 'manager', 'warehouse'))
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"awaiting_second_factor" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"credit_limit_pence" integer NOT NULL,
	"terms_days" integer DEFAULT 7 NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "trade_accounts_limit_positive" CHECK ("trade_accounts"."credit_limit_pence" > 0),
	CONSTRAINT "trade_accounts_terms_positive" CHECK ("trade_accounts"."terms_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_order_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_opened_by_staff_staff_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."staff"("staff_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_key" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","order_event_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_lower_key" ON "staff" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_tokens_staff_idx" ON "staff_tokens" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created");--> statement-breakpoint
CREATE INDEX "orders_payment_reference_idx" ON "orders" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "orders_delivery_post_code_idx" ON "orders" USING btree (upper(replace("delivery_address" ->> 'post_code', ' ', '')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('PendingDelivery', 'Dispatched', 'Delivered', 'Cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_range" CHECK ("orders"."paid_pence" >= 0 and "orders"."refunded_pence" >= 0 and "orders"."refunded_pence" <= "orders"."paid_pence");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK ("orders"."payment_method" in ('paypal', 'bank', 'account'));--> statement-breakpoint
-- The invoice number sequence starts empty (the first invoice is 1).
INSERT INTO "invoice_number_counter" ("id", "last_number") VALUES (true, 0);--> statement-breakpoint
-- Card and wallet orders were captured before they were placed: paid in full.
UPDATE "orders" SET "paid_pence" = "total_pence" WHERE "payment_method" = 'paypal';--> statement-breakpoint
-- Audit entries and recorded payments are never changed or deleted (the timeline is evidence).
CREATE FUNCTION "refuse_change_to_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_events_append_only" BEFORE UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_append_only"();--> statement-breakpoint
CREATE TRIGGER "order_payments_append_only" BEFORE UPDATE OR DELETE ON "order_payments"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_append_only"();
