ALTER TABLE "subscription_changes" DROP CONSTRAINT "subscription_changes_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_package_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_product_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_next_package_id_catalog_packages_id_fk" FOREIGN KEY ("next_package_id") REFERENCES "public"."catalog_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_kind_check" CHECK ("subscription_changes"."kind" in ('AUTO_RENEW_OFF', 'AUTO_RENEW_ON', 'CANCELED', 'ENDED', 'PLAN_CHANGED', 'PLAN_CHANGE_UNDONE'));