CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campsite_id" uuid NOT NULL,
	"check_in_date" date NOT NULL,
	"check_out_date" date NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"told_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_token_unique" UNIQUE("token"),
	CONSTRAINT "waitlist_entries_stay_check" CHECK ("waitlist_entries"."check_out_date" > "waitlist_entries"."check_in_date")
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_campsite_id_campsites_id_fk" FOREIGN KEY ("campsite_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_per_stay_idx" ON "waitlist_entries" USING btree ("campsite_id","check_in_date","check_out_date","email") WHERE "waitlist_entries"."left_at" is null;--> statement-breakpoint
CREATE INDEX "waitlist_entries_waiting_idx" ON "waitlist_entries" USING btree ("check_in_date") WHERE "waitlist_entries"."left_at" is null;