CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"buyer_id" uuid NOT NULL,
	"licence_id" text NOT NULL,
	"months" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"delivery_date" text NOT NULL,
	"deliver_at" timestamp with time zone NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"scale" integer NOT NULL,
	"payment_id" uuid,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"redeemed_by" uuid,
	"redeemed_at" timestamp with time zone,
	"redemption" jsonb,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gifts_code_hash_key" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "gift_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_fkey" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_buyer_idx" ON "gifts" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_due_idx" ON "gifts" USING btree ("deliver_at") WHERE paid_at is not null and delivered_at is null and cancelled_at is null;