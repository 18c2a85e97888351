-- A change announced on "data_changed" names the campsites it touches (issue 32):
-- a booking, a block or a unit changes the availability of its campsite only
-- (both, when a stay moves between two), so the kept answers of the others stay.
CREATE OR REPLACE FUNCTION notify_data_changed() RETURNS trigger AS $$
DECLARE
  row_id text;
  touched text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_id := OLD.id::text;
  ELSE
    row_id := NEW.id::text;
  END IF;
  IF TG_TABLE_NAME = 'campsites' THEN
    touched := ARRAY[row_id];
  ELSE
    -- OLD is null on an insert and NEW on a delete: to_jsonb of either is then null.
    touched := ARRAY(
      SELECT DISTINCT c FROM unnest(ARRAY[
        to_jsonb(OLD) ->> 'campsite_id',
        to_jsonb(NEW) ->> 'campsite_id'
      ]) AS c WHERE c IS NOT NULL
    );
  END IF;
  PERFORM pg_notify('data_changed', json_build_object(
    'table', TG_TABLE_NAME, 'op', TG_OP, 'id', row_id, 'campsites', touched
  )::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
