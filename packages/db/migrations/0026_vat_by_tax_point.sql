CREATE TABLE "vat_periods_filed" (
	"quarter" text PRIMARY KEY NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"filed_by" integer NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"box1_vat_due_pence" integer NOT NULL,
	"box6_net_sales_pence" integer NOT NULL,
	"export_sales_pence" integer NOT NULL,
	CONSTRAINT "vat_periods_filed_range" CHECK ("vat_periods_filed"."period_from" <= "vat_periods_filed"."period_to")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "supply_date_in_filed_period" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payments_counted_through" integer;--> statement-breakpoint
ALTER TABLE "vat_periods_filed" ADD CONSTRAINT "vat_periods_filed_filed_by_staff_staff_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vat_periods_filed_dates_idx" ON "vat_periods_filed" USING btree ("period_from","period_to");--> statement-breakpoint
CREATE INDEX "order_payments_received_on_idx" ON "order_payments" USING btree ("received_on");--> statement-breakpoint
-- Hand-written: a filed quarter stays filed, with who filed it and the figures as filed.
CREATE TRIGGER "vat_periods_filed_append_only" BEFORE UPDATE OR DELETE ON "vat_periods_filed"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_append_only"();
