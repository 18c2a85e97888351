ALTER TABLE "bookings" ADD COLUMN "hold_secret_hash" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "session_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "captured_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_id" text;--> statement-breakpoint
CREATE INDEX "bookings_client_address_idx" ON "bookings" USING btree ("client_address","status");--> statement-breakpoint
CREATE INDEX "payments_charge_idx" ON "payments" USING btree ("charge_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_dispute_status" CHECK ("bookings"."dispute_status" is null or "bookings"."dispute_status" in ('open', 'won', 'lost'));