CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"template" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "professional_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"title" text,
	"credentials" text,
	"phone_extension" text,
	"hear_about_us" text NOT NULL,
	"referral_bench_officer_name" text,
	"referral_bench_officer_position" text,
	"referral_colleague_name" text,
	"referral_colleague_role" text,
	"referral_other" text,
	"practice_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text,
	"time_zone" text NOT NULL,
	"roles" text[] NOT NULL,
	"security_question" text NOT NULL,
	"security_answer_hash" text NOT NULL,
	"security_code_hash" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'PARENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "professional_profiles" ADD CONSTRAINT "professional_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_created_at_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kind_check" CHECK ("users"."kind" in ('PARENT', 'PROFESSIONAL'));