CREATE TABLE "parked_provider_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"charge_id" text NOT NULL,
	"payment_intent_id" text,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "parked_provider_events_intent_idx" ON "parked_provider_events" USING btree ("payment_intent_id");