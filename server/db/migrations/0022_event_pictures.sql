ALTER TABLE "site_events" ADD COLUMN "picture_id" uuid;--> statement-breakpoint
ALTER TABLE "site_events" ADD CONSTRAINT "site_events_picture_id_media_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."media_pictures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_events" DROP COLUMN "picture";--> statement-breakpoint
ALTER TABLE "site_events" DROP COLUMN "picture_alt";