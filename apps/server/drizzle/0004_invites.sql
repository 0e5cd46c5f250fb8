CREATE TABLE "invite_progress" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_completed_step" smallint DEFAULT 0 NOT NULL,
	"package_id" integer,
	"product_id" text,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parent_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"referral_selection" text,
	"referral_other" text,
	"security_question" text,
	"security_answer_hash" text,
	"security_code_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "signup_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "signup_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_normalized" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "replaced_by_invite_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invited_user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_by_professional_id" uuid;--> statement-breakpoint
ALTER TABLE "invite_progress" ADD CONSTRAINT "invite_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_progress" ADD CONSTRAINT "invite_progress_package_id_catalog_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."catalog_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD CONSTRAINT "parent_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_replaced_by_invite_id_invites_id_fk" FOREIGN KEY ("replaced_by_invite_id") REFERENCES "public"."invites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invited_user_id_users_id_fk" FOREIGN KEY ("invited_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_created_by_professional_id_users_id_fk" FOREIGN KEY ("created_by_professional_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_active_invited_user_idx" ON "payments" USING btree ("invited_user_id") WHERE "payments"."status" in ('PENDING', 'COMPLETED');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_check" CHECK (("payments"."signup_id" is null) <> ("payments"."invited_user_id" is null));