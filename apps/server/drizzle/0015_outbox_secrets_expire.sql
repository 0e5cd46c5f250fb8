ALTER TABLE "email_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "secrets_expire_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_secrets_expire_at_idx" ON "email_outbox" USING btree ("secrets_expire_at") WHERE "email_outbox"."secrets_expire_at" is not null;