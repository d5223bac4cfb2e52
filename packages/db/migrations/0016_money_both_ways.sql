CREATE TABLE "bank_statement_imports" (
	"import_id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"layout" text NOT NULL,
	"staff_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credit_lines" integer NOT NULL,
	"payments_recorded" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"statement_line_id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"posted_on" date NOT NULL,
	"description" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"order_id" integer,
	"order_payment_id" integer
);
--> statement-breakpoint
CREATE TABLE "credit_note_number_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_note_number_counter_single_row" CHECK ("credit_note_number_counter"."id")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"credit_note_number" integer PRIMARY KEY NOT NULL,
	"invoice_number" integer NOT NULL,
	"order_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tax_point_date" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"order_payment_id" integer,
	"staff_id" integer,
	CONSTRAINT "credit_notes_kind_valid" CHECK ("credit_notes"."kind" in ('cancellation', 'refund')),
	CONSTRAINT "credit_notes_totals_consistent" CHECK ("credit_notes"."total_pence" = "credit_notes"."net_pence" + "credit_notes"."vat_pence" and "credit_notes"."total_pence" > 0 and "credit_notes"."net_pence" >= 0 and "credit_notes"."vat_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "provider_state" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_capture_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_rate_percent" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_import_id_bank_statement_imports_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_statement_imports"("import_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_order_payment_id_order_payments_order_payment_id_fk" FOREIGN KEY ("order_payment_id") REFERENCES "public"."order_payments"("order_payment_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_number_invoices_invoice_number_fk" FOREIGN KEY ("invoice_number") REFERENCES "public"."invoices"("invoice_number") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_payment_id_order_payments_order_payment_id_fk" FOREIGN KEY ("order_payment_id") REFERENCES "public"."order_payments"("order_payment_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_fingerprint_key" ON "bank_statement_lines" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_order_idx" ON "bank_statement_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "credit_notes_tax_point_idx" ON "credit_notes" USING btree ("tax_point_date");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_payment_reference_key" ON "carts" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "invoices_tax_point_idx" ON "invoices" USING btree ("tax_point_date");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_idempotency_key" ON "order_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_reference_key" ON "orders" USING btree ("payment_reference") WHERE "orders"."payment_method" <> 'paypal' AND position('-' in "orders"."payment_reference") > 0;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_provider_valid" CHECK ("order_payments"."provider" is null or ("order_payments"."kind" = 'refund' and "order_payments"."provider_state" in ('pending', 'completed', 'failed') and "order_payments"."idempotency_key" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vat_treatment_valid" CHECK ("orders"."vat_treatment" in ('standard', 'export'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vat_rate_range" CHECK ("orders"."vat_rate_percent" between 0 and 100);--> statement-breakpoint
-- Written by hand below (drizzle-kit cannot express them).
INSERT INTO "credit_note_number_counter" ("id", "last_number") VALUES (true, 0);--> statement-breakpoint
-- Orders paid by the simulated provider so far say so (its ids start TEST-, test-payments.ts).
UPDATE "orders" SET "payment_is_test" = true WHERE "payment_method" = 'paypal' AND "payment_reference" LIKE 'TEST-%';--> statement-breakpoint
-- Credit notes and statement lines are evidence: never changed or removed.
CREATE TRIGGER "credit_notes_append_only" BEFORE UPDATE OR DELETE ON "credit_notes"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_append_only"();--> statement-breakpoint
CREATE TRIGGER "bank_statement_lines_append_only" BEFORE UPDATE OR DELETE ON "bank_statement_lines"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_append_only"();--> statement-breakpoint
-- order_payments stay append-only, but a provider refund written as 'pending' learns its outcome
-- once: pending -> completed or failed, with the provider's id or reason, nothing else changed.
DROP TRIGGER "order_payments_append_only" ON "order_payments";--> statement-breakpoint
CREATE FUNCTION "order_payments_only_settle_pending"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.provider_state = 'pending' AND NEW.provider_state IN ('completed', 'failed')
     AND NEW.order_payment_id = OLD.order_payment_id AND NEW.order_id = OLD.order_id AND NEW.kind = OLD.kind
     AND NEW.amount_pence = OLD.amount_pence AND NEW.received_on = OLD.received_on
     AND NEW.bank_reference = OLD.bank_reference AND NEW.staff_id IS NOT DISTINCT FROM OLD.staff_id
     AND NEW.created_at = OLD.created_at AND NEW.provider = OLD.provider
     AND NEW.idempotency_key = OLD.idempotency_key THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "order_payments_append_only" BEFORE UPDATE OR DELETE ON "order_payments"
  FOR EACH ROW EXECUTE FUNCTION "order_payments_only_settle_pending"();
