-- The back office at a million bookings (decision 0025): trigrams for the
-- desk's search (pg_trgm: a trusted extension, bundled with PGlite too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
DROP INDEX "bookings_created_at_idx";--> statement-breakpoint
DROP INDEX "bookings_status_idx";--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","booking_reference");--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status","created_at","booking_reference");--> statement-breakpoint
CREATE INDEX "bookings_search_idx" ON "bookings" USING gin ((("guest_first_name" || ' ' || "guest_last_name" || ' ' || "guest_email" || ' ' || "booking_reference")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_nights_idx" ON "bookings" USING gist (daterange("check_in_date", "check_out_date")) WHERE "bookings"."status" in ('pending', 'paid', 'confirmed');--> statement-breakpoint
CREATE INDEX "bookings_ended_idx" ON "bookings" USING btree (coalesce("cancelled_at", "updated_at")) WHERE "bookings"."status" in ('cancelled', 'refunded');--> statement-breakpoint
CREATE INDEX "payments_intent_idx" ON "payments" USING btree ("stripe_payment_intent_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payments_session_prefix_idx" ON "payments" USING btree ("stripe_session_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_refunded_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."refunded_amount_cents" > 0;--> statement-breakpoint
-- A finer histogram of the search text than the default: how many bookings a
-- name matches decides between the trigram index and reading newest first.
ALTER INDEX "bookings_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;
