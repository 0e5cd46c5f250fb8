CREATE TABLE "subscription_renewals" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reminded_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"declines" smallint DEFAULT 0 NOT NULL,
	"counted_payment_id" uuid,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"renewal_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_renewals_status_check" CHECK ("subscription_renewals"."status" in ('OPEN', 'RENEWED', 'ENDED'))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_payer_check";--> statement-breakpoint
ALTER TABLE "subscription_changes" DROP CONSTRAINT "subscription_changes_kind_check";--> statement-breakpoint
ALTER TABLE "subscription_changes" ALTER COLUMN "changed_by_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "renewed_order_id" uuid;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_counted_payment_id_payments_id_fk" FOREIGN KEY ("counted_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_renewal_order_id_orders_id_fk" FOREIGN KEY ("renewal_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_renewals_next_idx" ON "subscription_renewals" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_renewed_order_id_orders_id_fk" FOREIGN KEY ("renewed_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_active_renewed_order_idx" ON "payments" USING btree ("renewed_order_id") WHERE "payments"."status" in ('PENDING', 'COMPLETED');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_check" CHECK (num_nonnulls("payments"."signup_id", "payments"."invited_user_id", "payments"."renewed_order_id") = 1);--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_kind_check" CHECK ("subscription_changes"."kind" in ('AUTO_RENEW_OFF', 'AUTO_RENEW_ON', 'CANCELED', 'ENDED'));