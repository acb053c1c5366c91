CREATE TABLE "affiliate_daily_counts" (
	"affiliate_company_id" integer NOT NULL,
	"day" date NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "affiliate_daily_counts_affiliate_company_id_day_pk" PRIMARY KEY("affiliate_company_id","day")
);
--> statement-breakpoint
CREATE TABLE "affiliate_idempotency" (
	"affiliate_company_id" integer NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"body_hash" varchar(64) NOT NULL,
	"answer_status" integer,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_idempotency_affiliate_company_id_idempotency_key_pk" PRIMARY KEY("affiliate_company_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "affiliate_rate_windows" (
	"key_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "affiliate_rate_windows_key_id_window_start_pk" PRIMARY KEY("key_id","window_start")
);
--> statement-breakpoint
CREATE TABLE "affiliate_settings" (
	"affiliate_company_id" integer PRIMARY KEY NOT NULL,
	"time_zone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"daily_cap" integer,
	"default_public_status" varchar(64) DEFAULT 'In progress' NOT NULL,
	"ftd_hold_hours" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_status_map" (
	"affiliate_company_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"public_status" varchar(64) NOT NULL,
	CONSTRAINT "affiliate_status_map_affiliate_company_id_status_id_pk" PRIMARY KEY("affiliate_company_id","status_id")
);
--> statement-breakpoint
ALTER TABLE "affiliate_daily_counts" ADD CONSTRAINT "affiliate_daily_counts_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_idempotency" ADD CONSTRAINT "affiliate_idempotency_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_rate_windows" ADD CONSTRAINT "affiliate_rate_windows_key_id_affiliate_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."affiliate_api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_settings" ADD CONSTRAINT "affiliate_settings_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_status_map" ADD CONSTRAINT "affiliate_status_map_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_status_map" ADD CONSTRAINT "affiliate_status_map_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_idempotency_created_idx" ON "affiliate_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "affiliate_rate_windows_start_idx" ON "affiliate_rate_windows" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "leads_affiliate_created_idx" ON "leads" USING btree ("affiliate_company_id","created_at","id");