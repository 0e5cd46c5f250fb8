CREATE TABLE "sms_opt_outs" (
	"phone_number" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "family_member_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "requested_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_error_code" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_family_member_id_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_provider_message_id_idx" ON "sms_outbox" USING btree ("provider_message_id") WHERE "sms_outbox"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_family_member_idx" ON "sms_outbox" USING btree ("family_member_id","created_at") WHERE "sms_outbox"."family_member_id" is not null;