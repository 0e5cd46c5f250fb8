CREATE TABLE "signup_children" (
	"signup_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	CONSTRAINT "signup_children_signup_id_position_pk" PRIMARY KEY("signup_id","position")
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_key_hash" text NOT NULL,
	"last_completed_step" smallint DEFAULT 0 NOT NULL,
	"parent_first_name" text NOT NULL,
	"parent_last_name" text NOT NULL,
	"parent_email" text,
	"parent_phone_country_code" text,
	"parent_phone_number" text,
	"knows_co_parent_email" boolean,
	"parent_duplicate_confirmed" boolean DEFAULT false NOT NULL,
	"co_parent_first_name" text,
	"co_parent_last_name" text,
	"co_parent_email" text,
	"co_parent_phone_country_code" text,
	"co_parent_phone_number" text,
	"co_parent_duplicate_confirmed" boolean DEFAULT false NOT NULL,
	"segment_anonymous_id" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signups_registration_key_hash_unique" UNIQUE("registration_key_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_normalized" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_country_code" text,
	"phone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_normalized_unique" UNIQUE("email_normalized")
);
--> statement-breakpoint
ALTER TABLE "signup_children" ADD CONSTRAINT "signup_children_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signups_expires_at_idx" ON "signups" USING btree ("expires_at");