CREATE TABLE "site_content_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"body" jsonb NOT NULL,
	"author_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"time" text NOT NULL,
	"description" text NOT NULL,
	"picture" text,
	"picture_alt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_content_versions" ADD CONSTRAINT "site_content_versions_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_content_versions_key_idx" ON "site_content_versions" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "site_events_ends_on_idx" ON "site_events" USING btree ("ends_on");--> statement-breakpoint
-- A published version is history: never changed or removed, except that the
-- person who published it may be forgotten when their account goes.
CREATE FUNCTION site_content_versions_as_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.author_user_id IS NULL
     AND (NEW.id, NEW.key, NEW.body, NEW.created_at) IS NOT DISTINCT FROM (OLD.id, OLD.key, OLD.body, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a published version of the site is kept as it was published';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER site_content_versions_as_published BEFORE UPDATE OR DELETE ON "site_content_versions"
  FOR EACH ROW EXECUTE FUNCTION site_content_versions_as_published();
--> statement-breakpoint
-- Every app process renders its kept public pages again when the farm publishes (decision 0029).
CREATE TRIGGER site_content_versions_notify AFTER INSERT ON "site_content_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_settings_changed();
--> statement-breakpoint
CREATE TRIGGER site_events_notify AFTER INSERT OR UPDATE OR DELETE ON "site_events"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_settings_changed();
