CREATE TABLE "offer_events" (
	"offer_event_id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"staff_id" integer,
	"kind" text NOT NULL,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_events_kind_valid" CHECK ("offer_events"."kind" in ('created', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_events_offer_idx" ON "offer_events" USING btree ("offer_id","offer_event_id");--> statement-breakpoint
-- Hand-written: the audit of offers is never changed or removed.
CREATE TRIGGER "offer_events_append_only" BEFORE UPDATE OR DELETE ON "offer_events"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_append_only"();
