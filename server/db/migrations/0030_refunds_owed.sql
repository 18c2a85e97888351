ALTER TABLE "payments" ADD COLUMN "refund_owed_reason" text;--> statement-breakpoint
CREATE INDEX "payments_owed_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."status" = 'succeeded' and "payments"."refund_owed_at" is not null;--> statement-breakpoint
-- Payments owed back before this kept why. A balance's: its booking ended, or it was paid
-- another way. Any other: a change's (the sweeper's words until now). And a payment that
-- arrived for an expired booking (its unit gone), found until now by a join.
UPDATE "payments" SET "refund_owed_reason" = CASE
    WHEN NOT "payments"."for_balance" THEN 'owed'
    WHEN "bookings"."status" IN ('cancelled', 'refunded', 'expired') THEN 'cancelled'
    ELSE 'duplicate' END
FROM "bookings"
WHERE "bookings"."id" = "payments"."booking_id" AND "payments"."refund_owed_at" is not null;--> statement-breakpoint
UPDATE "payments" SET "refund_owed_at" = "payments"."updated_at", "refund_owed_reason" = 'unitGone'
FROM "bookings"
WHERE "bookings"."id" = "payments"."booking_id" AND "bookings"."status" = 'expired'
  AND "payments"."status" = 'succeeded' AND "payments"."refund_owed_at" is null;
