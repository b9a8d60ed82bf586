CREATE TABLE "cart_deliveries" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"method_id" integer NOT NULL,
	"address" jsonb,
	"same_as_billing" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fee_bani" integer DEFAULT 0 NOT NULL,
	"free_above_bani" integer,
	"estimated_days" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_methods_kind_check" CHECK (kind in ('pickup', 'courier', 'locker')),
	CONSTRAINT "delivery_methods_fee_check" CHECK ("delivery_methods"."fee_bani" >= 0),
	CONSTRAINT "delivery_methods_free_above_check" CHECK ("delivery_methods"."free_above_bani" is null or "delivery_methods"."free_above_bani" >= 0),
	CONSTRAINT "delivery_methods_days_check" CHECK ("delivery_methods"."estimated_days" is null or "delivery_methods"."estimated_days" between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "order_deliveries" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"method_id" integer,
	"method_name" text NOT NULL,
	"kind" text NOT NULL,
	"fee_bani" integer NOT NULL,
	"address" jsonb,
	"status" text DEFAULT 'to_prepare' NOT NULL,
	"courier_name" text,
	"awb" text,
	"tracking_url" text,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_deliveries_kind_check" CHECK (kind in ('pickup', 'courier', 'locker')),
	CONSTRAINT "order_deliveries_status_check" CHECK (status in ('to_prepare', 'shipped', 'delivered', 'picked_up')),
	CONSTRAINT "order_deliveries_fee_check" CHECK ("order_deliveries"."fee_bani" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_bani" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "cart_deliveries" ADD CONSTRAINT "cart_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_deliveries" ADD CONSTRAINT "cart_deliveries_method_id_delivery_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_method_id_delivery_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_deliveries_method_idx" ON "cart_deliveries" USING btree ("method_id");--> statement-breakpoint
CREATE INDEX "order_deliveries_status_idx" ON "order_deliveries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "order_deliveries_method_idx" ON "order_deliveries" USING btree ("method_id");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_quantity_check" CHECK ("cart_lines"."quantity" between 1 and 999);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" >= 1);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_check" CHECK ("products"."stock" is null or "products"."stock" >= 0);