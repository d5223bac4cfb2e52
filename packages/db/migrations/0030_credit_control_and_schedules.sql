CREATE TABLE "credit_reminders" (
	"order_id" integer NOT NULL,
	"stage" text NOT NULL,
	"user_id" integer NOT NULL,
	"run_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_reminders_order_id_stage_pk" PRIMARY KEY("order_id","stage")
);
--> statement-breakpoint
CREATE TABLE "schedule_occasions" (
	"schedule_name" text NOT NULL,
	"occasion" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_occasions_schedule_name_occasion_pk" PRIMARY KEY("schedule_name","occasion")
);
--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "stop_reason" text;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "stop_lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "stop_lifted_owed_pence" integer;--> statement-breakpoint
ALTER TABLE "credit_reminders" ADD CONSTRAINT "credit_reminders_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reminders" ADD CONSTRAINT "credit_reminders_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_reminders_user_idx" ON "credit_reminders" USING btree ("user_id");