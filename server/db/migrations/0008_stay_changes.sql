ALTER TABLE "bookings" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "stay_change" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_owed_at" timestamp with time zone;