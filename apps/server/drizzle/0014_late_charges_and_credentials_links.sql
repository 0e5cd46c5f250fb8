CREATE TABLE "late_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'REVERSING' NOT NULL,
	"reason" text NOT NULL,
	"reversal_transaction_id" text,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "late_charges_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "late_charges_status_check" CHECK ("late_charges"."status" in ('REVERSING', 'VOIDED', 'REFUNDED'))
);
--> statement-breakpoint
ALTER TABLE "credentials_tokens" ADD COLUMN "purpose" text DEFAULT 'PAYMENT_ANSWER' NOT NULL;--> statement-breakpoint
ALTER TABLE "late_charges" ADD CONSTRAINT "late_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "late_charges_status_idx" ON "late_charges" USING btree ("status");