CREATE TABLE "unplaced_payments" (
	"unplaced_payment_id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"capture_id" text,
	"amount_pence" integer NOT NULL,
	"user_id" integer,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"refund_id" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "unplaced_payments_state_valid" CHECK ("unplaced_payments"."state" in ('pending', 'refunded', 'failed')),
	CONSTRAINT "unplaced_payments_amount_positive" CHECK ("unplaced_payments"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "unplaced_payments" ADD CONSTRAINT "unplaced_payments_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unplaced_payments_reference_key" ON "unplaced_payments" USING btree ("provider","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "unplaced_payments_idempotency_key" ON "unplaced_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "unplaced_payments_created_idx" ON "unplaced_payments" USING btree ("created_at");