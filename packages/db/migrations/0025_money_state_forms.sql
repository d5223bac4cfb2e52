ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_kind_valid";--> statement-breakpoint
ALTER TABLE "returns" DROP CONSTRAINT "returns_state_valid";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "withdrawn_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_kind_valid" CHECK ("credit_notes"."kind" in ('cancellation', 'refund', 'credit'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_withdrawn_range" CHECK ("order_lines"."withdrawn_count" between 0 and "order_lines"."count");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credited_range" CHECK ("orders"."credited_pence" >= 0 and "orders"."credited_pence" <= "orders"."total_pence");--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_state_valid" CHECK ("returns"."state" in ('requested', 'approved', 'refused', 'received', 'refunded', 'replaced', 'credited'));