ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contact_messages_unhandled_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."handled_at" is null;