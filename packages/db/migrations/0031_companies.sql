CREATE TABLE "approval_requests" (
	"approval_request_id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"lines" jsonb NOT NULL,
	"sub_total_pence" integer NOT NULL,
	"delivery_fee_pence" integer NOT NULL,
	"total_tax_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"delivery_address_id" integer,
	"billing_address_id" integer,
	"payment_method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"purchase_order_number" text,
	"reason" text NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"problem" text,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_status_valid" CHECK ("approval_requests"."status" in ('waiting', 'placed', 'declined', 'withdrawn', 'not-placed'))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"company_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_name_length" CHECK (char_length("companies"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"role" text NOT NULL,
	"order_limit_pence" integer,
	"monthly_limit_pence" integer,
	"invited_by" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role_valid" CHECK ("company_members"."role" in ('admin', 'buyer', 'viewer')),
	CONSTRAINT "company_members_limits_positive" CHECK (coalesce("company_members"."order_limit_pence", 1) > 0 and coalesce("company_members"."monthly_limit_pence", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_delivery_address_id_addresses_address_id_fk" FOREIGN KEY ("delivery_address_id") REFERENCES "public"."addresses"("address_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_billing_address_id_addresses_address_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."addresses"("address_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_users_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_invited_by_users_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_company_idx" ON "approval_requests" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "approval_requests_user_idx" ON "approval_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_company_idx" ON "addresses" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_accounts_company_key" ON "trade_accounts" USING btree ("company_id");--> statement-breakpoint
-- Every trade account becomes a company of one (docs/companies.md): its customer the company's
-- admin, their orders, addresses and account the company's, so nothing is lost or changes hands.
DO $$
DECLARE
  holder record;
  made integer;
BEGIN
  FOR holder IN
    SELECT t.user_id,
           left(COALESCE(NULLIF(trim(u.company_name), ''), NULLIF(trim(u.first_name || ' ' || u.last_name), ''), 'Trade account ' || t.user_id), 100) AS name
    FROM trade_accounts t JOIN users u ON u.user_id = t.user_id
    ORDER BY t.user_id
  LOOP
    INSERT INTO companies (name) VALUES (holder.name) RETURNING company_id INTO made;
    INSERT INTO company_members (user_id, company_id, role) VALUES (holder.user_id, made, 'admin');
    UPDATE trade_accounts SET company_id = made WHERE user_id = holder.user_id;
    UPDATE orders SET company_id = made WHERE user_id = holder.user_id;
    UPDATE addresses SET company_id = made WHERE user_id = holder.user_id;
  END LOOP;
END $$;
