CREATE TABLE "gift_vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"session_url" text NOT NULL,
	"session_expires_at" timestamp with time zone NOT NULL,
	"payment_intent_id" text,
	"prepaid_card_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_vouchers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "gift_vouchers_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "gift_vouchers_amount" CHECK ("gift_vouchers"."amount_cents" between 2500 and 50000)
);
--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_prepaid_card_id_prepaid_cards_id_fk" FOREIGN KEY ("prepaid_card_id") REFERENCES "public"."prepaid_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_vouchers_card_idx" ON "gift_vouchers" USING btree ("prepaid_card_id");