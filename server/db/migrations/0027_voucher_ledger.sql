ALTER TABLE "ledger_entries" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "gift_voucher_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_gift_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("gift_voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_voucher_idx" ON "ledger_entries" USING btree ("gift_voucher_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_one_owner" CHECK (num_nonnulls("ledger_entries"."booking_id", "ledger_entries"."gift_voucher_id") = 1);--> statement-breakpoint
-- The vouchers already sold enter the ledger as their sale (no GST: it is due when spent).
INSERT INTO "ledger_entries" ("gift_voucher_id", "kind", "method", "cause", "amount_cents", "gst_cents", "farm_day", "occurred_at")
SELECT v."id", 'payment', 'card', 'voucher', v."amount_cents", 0,
  (v."paid_at" AT TIME ZONE 'Australia/Brisbane')::date, v."paid_at"
FROM "gift_vouchers" v WHERE v."status" = 'paid' AND v."paid_at" IS NOT NULL;
