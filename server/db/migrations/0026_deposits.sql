ALTER TABLE "bookings" ADD COLUMN "deposit_terms" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "saved_card" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_balance_due_idx" ON "bookings" USING btree (("check_in_date" - (("deposit_terms"->>'daysBefore')::int))) WHERE "bookings"."deposit_terms" is not null and "bookings"."balance_closed_at" is null and "bookings"."status" in ('confirmed', 'paid');