CREATE TABLE "catalog_package_options" (
	"package_id" integer NOT NULL,
	"option_code" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"free_in_treatment" boolean NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "catalog_package_options_package_id_option_code_currency_pk" PRIMARY KEY("package_id","option_code","currency"),
	CONSTRAINT "catalog_package_options_amount_check" CHECK ("catalog_package_options"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "catalog_package_prices" (
	"package_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "catalog_package_prices_package_id_currency_pk" PRIMARY KEY("package_id","currency"),
	CONSTRAINT "catalog_package_prices_amount_check" CHECK ("catalog_package_prices"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "catalog_packages" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"pricing_group" text NOT NULL,
	"countries" text[] NOT NULL,
	"build_your_own" boolean NOT NULL,
	"sub_duration_in_years" smallint NOT NULL,
	"sort_order" integer NOT NULL,
	"tax_wording" text NOT NULL,
	"analytics_package" text NOT NULL,
	"package_name" text NOT NULL,
	"display_name" jsonb NOT NULL,
	"receipt_text" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_packages_group_check" CHECK ("catalog_packages"."pricing_group" in ('P0', 'P2', 'P3')),
	CONSTRAINT "catalog_packages_years_check" CHECK ("catalog_packages"."sub_duration_in_years" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "pricing_country_groups" (
	"country" text PRIMARY KEY NOT NULL,
	"pricing_group" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_code_amounts" (
	"code" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "promo_code_amounts_code_currency_pk" PRIMARY KEY("code","currency"),
	CONSTRAINT "promo_code_amounts_amount_check" CHECK ("promo_code_amounts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"package_codes" text[],
	"pricing_groups" text[],
	"public" boolean DEFAULT false NOT NULL,
	"auto_apply" boolean DEFAULT false NOT NULL,
	"description" jsonb NOT NULL,
	"banner_text" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_check" CHECK ("promo_codes"."kind" in ('PERCENT', 'AMOUNT')),
	CONSTRAINT "promo_codes_percent_check" CHECK ("promo_codes"."percent" is null or "promo_codes"."percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "referrers" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"coupon_code" text NOT NULL,
	"percent" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrers_percent_check" CHECK ("referrers"."percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "signup_orders" (
	"signup_id" uuid PRIMARY KEY NOT NULL,
	"package_id" integer,
	"product_id" text,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"free_options_treatment" boolean DEFAULT false NOT NULL,
	"referrer_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"package_code" text,
	"amount" integer,
	"currency" text,
	"purchased_by" text NOT NULL,
	"valid_until" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by_signup_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_codes_kind_check" CHECK ("subscription_codes"."kind" in ('PACKAGE', 'AMOUNT')),
	CONSTRAINT "subscription_codes_amount_check" CHECK ("subscription_codes"."amount" is null or "subscription_codes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "catalog_package_options" ADD CONSTRAINT "catalog_package_options_package_id_catalog_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."catalog_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_package_prices" ADD CONSTRAINT "catalog_package_prices_package_id_catalog_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."catalog_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_amounts" ADD CONSTRAINT "promo_code_amounts_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_orders" ADD CONSTRAINT "signup_orders_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_orders" ADD CONSTRAINT "signup_orders_package_id_catalog_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."catalog_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_orders" ADD CONSTRAINT "signup_orders_referrer_key_referrers_key_fk" FOREIGN KEY ("referrer_key") REFERENCES "public"."referrers"("key") ON DELETE set null ON UPDATE no action;