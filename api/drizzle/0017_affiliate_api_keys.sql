CREATE TABLE "affiliate_api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_company_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"key_prefix" varchar(16) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"source_id" integer NOT NULL,
	"allowed_ips" text[] DEFAULT '{}' NOT NULL,
	"rate_limit_per_minute" integer DEFAULT 600 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" varchar(45),
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "failed_leads" ADD COLUMN "affiliate_company_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "click_id" varchar(255);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sub1" varchar(255);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sub2" varchar(255);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sub3" varchar(255);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sub4" varchar(255);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sub5" varchar(255);--> statement-breakpoint
ALTER TABLE "affiliate_api_keys" ADD CONSTRAINT "affiliate_api_keys_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_api_keys" ADD CONSTRAINT "affiliate_api_keys_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_api_keys_hash_unique" ON "affiliate_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "affiliate_api_keys_company_idx" ON "affiliate_api_keys" USING btree ("affiliate_company_id");--> statement-breakpoint
ALTER TABLE "failed_leads" ADD CONSTRAINT "failed_leads_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE set null ON UPDATE no action;