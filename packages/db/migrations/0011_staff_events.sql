CREATE TABLE "staff_events" (
	"staff_event_id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"actor_staff_id" integer,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_actor_staff_id_staff_staff_id_fk" FOREIGN KEY ("actor_staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Audit entries are evidence: never changed or deleted (the function is from 0007).
CREATE TRIGGER "staff_events_append_only" BEFORE UPDATE OR DELETE ON "staff_events"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_append_only"();
