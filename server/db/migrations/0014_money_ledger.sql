CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_id" uuid,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"cause" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"farm_day" date NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_day_idx" ON "ledger_entries" USING btree ("farm_day");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
-- The ledger is append-only: a mistake is corrected by another entry, never by editing one.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or removed: enter a correcting entry';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
-- The history so far, from the payments, disputes and prepaid card transactions (decision
-- 0027): each payment taken on the day it was made, what went back on the day its row last
-- changed, a dispute open or lost as the money it took, prepaid credit used and returned.
-- GST is reckoned as for a registered farm (the default; the app knows better from then on).
INSERT INTO "ledger_entries" ("booking_id", "payment_id", "kind", "method", "cause", "amount_cents", "gst_cents", "farm_day", "occurred_at")
SELECT p."booking_id", p."id", 'payment',
  CASE WHEN p."provider" IN ('cash', 'eftpos', 'bank-transfer') THEN p."provider" ELSE 'card' END,
  CASE WHEN p."for_balance" THEN 'balance' WHEN p."stay_change" IS NOT NULL THEN 'change' ELSE 'sale' END,
  coalesce(p."captured_amount_cents", p."amount_cents"),
  round(coalesce(p."captured_amount_cents", p."amount_cents") / 11.0)::int,
  (p."created_at" AT TIME ZONE 'Australia/Brisbane')::date, p."created_at"
FROM "payments" p
WHERE p."status" IN ('succeeded', 'refunded') AND coalesce(p."captured_amount_cents", p."amount_cents") <> 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("booking_id", "payment_id", "kind", "method", "cause", "amount_cents", "gst_cents", "farm_day", "occurred_at")
SELECT p."booking_id", p."id", 'refund',
  CASE WHEN p."provider" IN ('cash', 'eftpos', 'bank-transfer') THEN p."provider" ELSE 'card' END,
  CASE WHEN b."status" IN ('cancelled', 'refunded') THEN 'cancellation' ELSE 'change' END,
  -p."refunded_amount_cents", -round(p."refunded_amount_cents" / 11.0)::int,
  (p."updated_at" AT TIME ZONE 'Australia/Brisbane')::date, p."updated_at"
FROM "payments" p JOIN "bookings" b ON b."id" = p."booking_id"
WHERE p."refunded_amount_cents" > 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("booking_id", "payment_id", "kind", "method", "cause", "amount_cents", "gst_cents", "farm_day", "occurred_at", "provider_ref")
SELECT p."booking_id", p."id", 'dispute', 'card', 'dispute',
  -coalesce(p."captured_amount_cents", p."amount_cents"),
  -round(coalesce(p."captured_amount_cents", p."amount_cents") / 11.0)::int,
  (p."updated_at" AT TIME ZONE 'Australia/Brisbane')::date, p."updated_at", p."dispute_id"
FROM "payments" p JOIN "bookings" b ON b."id" = p."booking_id"
WHERE p."dispute_id" IS NOT NULL AND b."dispute_status" IN ('open', 'lost');--> statement-breakpoint
INSERT INTO "ledger_entries" ("booking_id", "kind", "method", "cause", "amount_cents", "gst_cents", "farm_day", "occurred_at")
SELECT t."booking_id", 'prepaid', 'prepaid',
  CASE WHEN t."transaction_type" = 'debit' THEN 'sale' ELSE 'cancellation' END,
  CASE WHEN t."transaction_type" = 'debit' THEN t."amount_cents" ELSE -t."amount_cents" END,
  round((CASE WHEN t."transaction_type" = 'debit' THEN t."amount_cents" ELSE -t."amount_cents" END) / 11.0)::int,
  (t."created_at" AT TIME ZONE 'Australia/Brisbane')::date, t."created_at"
FROM "prepaid_card_transactions" t
WHERE t."booking_id" IS NOT NULL AND t."transaction_type" IN ('debit', 'credit');
