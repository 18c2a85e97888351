ALTER TABLE "payments" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_dispute_status" CHECK ("payments"."dispute_status" is null or "payments"."dispute_status" in ('open', 'won', 'lost'));--> statement-breakpoint
-- The disputed payment carries its dispute's state, as its booking did alone until now.
UPDATE "payments" SET "dispute_status" = b."dispute_status"
  FROM "bookings" b
 WHERE b."id" = "payments"."booking_id" AND "payments"."dispute_id" IS NOT NULL AND b."dispute_status" IS NOT NULL;
