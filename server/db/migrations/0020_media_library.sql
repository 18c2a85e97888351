CREATE TABLE "media_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" jsonb NOT NULL,
	"alt" text NOT NULL,
	"caption" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_pictures_position_idx" ON "media_pictures" USING btree ("position");--> statement-breakpoint
-- The gallery is a kept page: every process renders it again when the library changes (decision 0029).
CREATE TRIGGER media_pictures_notify AFTER INSERT OR UPDATE OR DELETE ON "media_pictures"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_settings_changed();
