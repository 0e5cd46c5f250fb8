CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"template" text NOT NULL,
	"locale" text NOT NULL,
	"body" text,
	"secrets_expire_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_message_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sms_outbox_created_at_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."sent_at" is null and "sms_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "sms_outbox_secrets_expire_at_idx" ON "sms_outbox" USING btree ("secrets_expire_at") WHERE "sms_outbox"."secrets_expire_at" is not null;