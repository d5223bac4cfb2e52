-- A closed account (core/accounts/account-closure.ts): the customer's personal details are erased
-- and the row is kept only for the orders and invoices the shop must keep. One column, no data
-- change: this migration may be renumbered freely.
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;
