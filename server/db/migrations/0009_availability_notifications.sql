-- A campsite's availability answer is kept in memory until the data behind it
-- changes (decision 0021), so every table it is read from announces its
-- changes on "data_changed": the units of a campsite and the saved settings
-- ('Auto-block after booking', the minimum stay, the advance booking) too.
CREATE TRIGGER campsite_units_notify AFTER INSERT OR UPDATE OR DELETE ON "campsite_units"
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
-- Settings are keyed by name, not id: one announcement per statement.
CREATE OR REPLACE FUNCTION notify_settings_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('data_changed', json_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'id', '')::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_settings_changed();
