CREATE TABLE "customer_events" (
	"customer_event_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"staff_id" integer,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_events_user_idx" ON "customer_events" USING btree ("user_id","customer_event_id");--> statement-breakpoint
-- Audit entries are evidence: never changed or deleted (the function is from 0007).
CREATE TRIGGER "customer_events_append_only" BEFORE UPDATE OR DELETE ON "customer_events"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_append_only"();
