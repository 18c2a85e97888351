-- No double booking, ever (amendment 2.3): two bookings that hold a unit may
-- not share a night. Ranges are [check_in, check_out), so back-to-back stays
-- are allowed. Expired, refunded and cancelled bookings hold nothing.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_double_booking"
  EXCLUDE USING gist (
    "campsite_unit_id" WITH =,
    daterange("check_in_date", "check_out_date", '[)') WITH &&
  ) WHERE ("status" IN ('pending', 'paid', 'confirmed'));
--> statement-breakpoint
-- Live updates (admin bookings screen, public campsite list): every change to
-- these tables is announced on the "data_changed" channel, so that every app
-- process hears it from the database.
CREATE OR REPLACE FUNCTION notify_data_changed() RETURNS trigger AS $$
DECLARE
  row_id text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_id := OLD.id::text;
  ELSE
    row_id := NEW.id::text;
  END IF;
  PERFORM pg_notify('data_changed', json_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'id', row_id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_notify AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER campsites_notify AFTER INSERT OR UPDATE OR DELETE ON "campsites"
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER blocked_dates_notify AFTER INSERT OR UPDATE OR DELETE ON "blocked_dates"
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
