CREATE TABLE "shipment_lines" (
	"shipment_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"count" integer NOT NULL,
	"delivered_units" integer,
	CONSTRAINT "shipment_lines_shipment_id_order_line_id_pk" PRIMARY KEY("shipment_id","order_line_id"),
	CONSTRAINT "shipment_lines_count_positive" CHECK ("shipment_lines"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"shipment_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text,
	"dispatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	CONSTRAINT "shipments_number_positive" CHECK ("shipments"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "custom" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivered_units" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_shipment_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("shipment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_order_lines_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("order_line_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_lines_order_line_idx" ON "shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_number_key" ON "shipments" USING btree ("order_id","number");