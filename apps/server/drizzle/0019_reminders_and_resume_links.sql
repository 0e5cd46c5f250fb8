CREATE TABLE "invite_reminders" (
	"family_member_id" uuid NOT NULL,
	"round" smallint NOT NULL,
	"invite_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invite_reminders_family_member_id_round_pk" PRIMARY KEY("family_member_id","round")
);
--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "resume_token_hash" text;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "resume_email_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invite_reminders" ADD CONSTRAINT "invite_reminders_family_member_id_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_reminders" ADD CONSTRAINT "invite_reminders_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signups_resume_due_idx" ON "signups" USING btree ("updated_at") WHERE "signups"."completed_at" is null and "signups"."resume_email_queued_at" is null;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_resume_token_hash_unique" UNIQUE("resume_token_hash");