CREATE TABLE "campsite_extras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campsite_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"per" text NOT NULL,
	"max_quantity" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campsite_extras_per" CHECK ("campsite_extras"."per" in ('stay', 'night')),
	CONSTRAINT "campsite_extras_values" CHECK ("campsite_extras"."price_cents" >= 0 and "campsite_extras"."max_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "campsite_seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campsite_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"night_price_cents" integer NOT NULL,
	"weekend_price_cents" integer,
	"minimum_nights" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campsite_seasons_dates_ordered" CHECK ("campsite_seasons"."end_date" >= "campsite_seasons"."start_date"),
	CONSTRAINT "campsite_seasons_values" CHECK ("campsite_seasons"."night_price_cents" >= 0 and coalesce("campsite_seasons"."weekend_price_cents", 0) >= 0 and "campsite_seasons"."minimum_nights" >= 1)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "number_of_dogs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "gst_amount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_token" text;--> statement-breakpoint
ALTER TABLE "campsites" ADD COLUMN "weekend_price_cents" integer;--> statement-breakpoint
ALTER TABLE "campsites" ADD COLUMN "base_occupancy" integer;--> statement-breakpoint
ALTER TABLE "campsites" ADD COLUMN "extra_guest_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campsites" ADD COLUMN "pet_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campsites" ADD COLUMN "max_dogs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campsites" ADD COLUMN "long_weekend_minimum_nights" integer;--> statement-breakpoint
ALTER TABLE "campsite_extras" ADD CONSTRAINT "campsite_extras_campsite_id_campsites_id_fk" FOREIGN KEY ("campsite_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campsite_seasons" ADD CONSTRAINT "campsite_seasons_campsite_id_campsites_id_fk" FOREIGN KEY ("campsite_id") REFERENCES "public"."campsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campsite_extras_campsite_idx" ON "campsite_extras" USING btree ("campsite_id");--> statement-breakpoint
CREATE INDEX "campsite_seasons_campsite_idx" ON "campsite_seasons" USING btree ("campsite_id","start_date");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guest_token_unique" UNIQUE("guest_token");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_dogs_non_negative" CHECK ("bookings"."number_of_dogs" >= 0);--> statement-breakpoint
ALTER TABLE "campsites" ADD CONSTRAINT "campsites_rates_valid" CHECK (coalesce("campsites"."weekend_price_cents", 0) >= 0 and coalesce("campsites"."base_occupancy", 1) >= 1
        and "campsites"."extra_guest_fee_cents" >= 0 and "campsites"."pet_fee_cents" >= 0 and "campsites"."max_dogs" >= 0
        and coalesce("campsites"."long_weekend_minimum_nights", 1) >= 1);--> statement-breakpoint
-- Seasons of one campsite never share a night: their ranges are [start, end], both included.
ALTER TABLE "campsite_seasons" ADD CONSTRAINT "campsite_seasons_no_overlap"
  EXCLUDE USING gist (
    "campsite_id" WITH =,
    daterange("start_date", "end_date", '[]') WITH &&
  );
--> statement-breakpoint
-- A change of rates is announced like a change of the campsite (migration 0001).
CREATE TRIGGER campsite_seasons_notify AFTER INSERT OR UPDATE OR DELETE ON "campsite_seasons"
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER campsite_extras_notify AFTER INSERT OR UPDATE OR DELETE ON "campsite_extras"
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
-- Bookings made before rates had lines get one line for their nights, and their GST.
UPDATE "bookings" SET
  "price_lines" = jsonb_build_array(jsonb_build_object(
    'kind', 'nights',
    'description', ("check_out_date" - "check_in_date") || CASE WHEN "check_out_date" - "check_in_date" = 1 THEN ' night' ELSE ' nights' END,
    'amountCents', "total_amount_cents")),
  "gst_amount_cents" = round(("total_amount_cents" - "discount_amount_cents") / 11.0),
  -- Two random UUIDs: 244 random bits, as unguessable as the app's own tokens.
  "guest_token" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
