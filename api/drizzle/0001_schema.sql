CREATE TABLE "permissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"guard_name" varchar(64) DEFAULT 'web' NOT NULL,
	"group" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(512) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_has_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_has_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"guard_name" varchar(64) DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_agent" varchar(512),
	"ip" varchar(64),
	"last_active" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"key" varchar(128) NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"is_sender" boolean DEFAULT false NOT NULL,
	"locale" varchar(16) DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"type" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"total" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"title" varchar(255) NOT NULL,
	"message" text NOT NULL,
	"job_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"direction" varchar(8) NOT NULL,
	"send_integration_id" integer,
	"lead_id" integer,
	"method" varchar(10) NOT NULL,
	"url" text NOT NULL,
	"request_headers" jsonb,
	"request_body" text,
	"status" integer,
	"response_body" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "countries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"full_name" varchar(255),
	"capital" varchar(255),
	"citizenship" varchar(255),
	"country_code" varchar(3) NOT NULL,
	"currency" varchar(255),
	"currency_code" varchar(3),
	"currency_sub_unit" varchar(255),
	"currency_symbol" varchar(16),
	"currency_decimals" smallint,
	"iso_3166_2" varchar(2) NOT NULL,
	"iso_3166_3" varchar(3) NOT NULL,
	"region_code" varchar(3),
	"sub_region_code" varchar(3),
	"eea" boolean DEFAULT false NOT NULL,
	"calling_code" varchar(16),
	"flag" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_setting_users" (
	"export_setting_id" integer NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"columns" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "languages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(16) NOT NULL,
	"name" varchar(255) NOT NULL,
	"native_name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(16) NOT NULL,
	"name" varchar(255) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "localizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "localizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"locale" varchar(16) NOT NULL,
	"key" varchar(255) NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_random_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "source_random_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"weight" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"affiliate_company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"class" varchar(16) DEFAULT 'lead' NOT NULL,
	"in_import" boolean DEFAULT false NOT NULL,
	"bg_color" varchar(32) DEFAULT '#d9d9d9' NOT NULL,
	"text_color" varchar(32) DEFAULT '#000000' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"user_setting_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker_affiliate_companies" (
	"broker_id" integer NOT NULL,
	"affiliate_company_id" integer NOT NULL,
	CONSTRAINT "broker_affiliate_companies_broker_id_affiliate_company_id_pk" PRIMARY KEY("broker_id","affiliate_company_id")
);
--> statement-breakpoint
CREATE TABLE "broker_departments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "broker_departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"broker_id" integer NOT NULL,
	"branch_name" varchar(255) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brokers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brokers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"company_name" varchar(255),
	"company_info" text,
	"company_web_pages" text[] DEFAULT '{}' NOT NULL,
	"agreement_details" text,
	"ip_addresses" text[] DEFAULT '{}' NOT NULL,
	"contract_expires_in" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "send_integrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "send_integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"broker_department_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"site_url" text NOT NULL,
	"username" varchar(255),
	"password" text,
	"api_token" text,
	"access_token" text,
	"auth_type" varchar(32) DEFAULT 'none' NOT NULL,
	"response_type" varchar(32) DEFAULT 'http_2xx' NOT NULL,
	"response_content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tag" varchar(255),
	"token" text,
	"affiliate_id" varchar(255),
	"register_lead" boolean DEFAULT true NOT NULL,
	"register_client" boolean DEFAULT false NOT NULL,
	"is_lead" boolean DEFAULT true NOT NULL,
	"brand_id" varchar(255),
	"campaign_id" varchar(255),
	"lead_password" text,
	"push_api_key" text,
	"pull_api_key" text,
	"link_id" varchar(255),
	"send_a_lot" boolean DEFAULT false NOT NULL,
	"allowed_ips" text[] DEFAULT '{}' NOT NULL,
	"is_sender" boolean DEFAULT true NOT NULL,
	"gmt_timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"api_key" text,
	"middleware" varchar(64),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blacklist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blacklist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" varchar(16) NOT NULL,
	"value" varchar(255) NOT NULL,
	"comment" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "failed_leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "failed_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"raw" jsonb NOT NULL,
	"reason_code" varchar(32) NOT NULL,
	"message" text NOT NULL,
	"source_id" integer,
	"import_job_id" integer,
	"import_row" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_broker_histories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_broker_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"broker_department_id" integer,
	"channel" varchar(8) NOT NULL,
	"api_lead_status" varchar(255),
	"api_ftd_at" timestamp with time zone,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_data_histories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_data_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"user_id" integer,
	"field" varchar(64) NOT NULL,
	"old_value" text,
	"new_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_send_histories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_send_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"broker_department_id" integer,
	"send_integration_id" integer,
	"job_id" integer,
	"user_id" integer,
	"state" varchar(16) DEFAULT 'sending' NOT NULL,
	"failure_status" varchar(255),
	"api_lead_id" varchar(255),
	"request" jsonb,
	"response" jsonb,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_status_histories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_status_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"from_status_id" integer,
	"to_status_id" integer,
	"cause" varchar(16) NOT NULL,
	"user_id" integer,
	"lead_status_setting_id" integer,
	"job_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_status_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_status_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"condition_status_id" integer NOT NULL,
	"last_status_id" integer NOT NULL,
	"duration_day" integer DEFAULT 1 NOT NULL,
	"ignore_duration" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_tags" (
	"lead_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "lead_tags_lead_id_tag_id_pk" PRIMARY KEY("lead_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" varchar(64) NOT NULL,
	"name" varchar(255),
	"surname" varchar(255),
	"email" varchar(255),
	"alt_email" varchar(255),
	"phone" varchar(64),
	"phone_prefix" varchar(8),
	"alt_phone" varchar(64),
	"alt_phone_prefix" varchar(8),
	"phone_normalized" varchar(20),
	"address" text,
	"second_address" text,
	"state" varchar(255),
	"city" varchar(255),
	"zip" varchar(32),
	"country" varchar(2),
	"date_of_birth" date,
	"language" varchar(16),
	"funnel" varchar(255),
	"comment" text,
	"source_id" integer,
	"affiliate_company_id" integer,
	"status_id" integer,
	"original_status_id" integer,
	"status_changed_at" timestamp with time zone,
	"live_status" varchar(255),
	"email_status_id" integer,
	"alt_email_status_id" integer,
	"phone_status_id" integer,
	"alt_phone_status_id" integer,
	"not_available_till" timestamp with time zone,
	"purchase_site" varchar(255),
	"purchase_date" timestamp with time zone,
	"purchase_amount" numeric(14, 2),
	"recovery_amount" numeric(14, 2),
	"product_name" varchar(255),
	"card_name" varchar(255),
	"card_type" varchar(64),
	"card_digits" varchar(4),
	"deposit_exists" boolean DEFAULT false NOT NULL,
	"api_lead_id" varchar(255),
	"api_ftd_at" timestamp with time zone,
	"api_lead_status" varchar(255),
	"api_client_id" varchar(255),
	"lead_url" text,
	"client_url" text,
	"is_fresh" boolean DEFAULT true NOT NULL,
	"last_broker_department_id" integer,
	"last_sent_at" timestamp with time zone,
	"import_job_id" integer,
	"import_row" integer,
	"created_by" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_normalized, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_has_permissions" ADD CONSTRAINT "role_has_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_has_permissions" ADD CONSTRAINT "role_has_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_setting_users" ADD CONSTRAINT "export_setting_users_export_setting_id_export_settings_id_fk" FOREIGN KEY ("export_setting_id") REFERENCES "public"."export_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_random_statuses" ADD CONSTRAINT "source_random_statuses_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_random_statuses" ADD CONSTRAINT "source_random_statuses_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_setting_id_user_settings_id_fk" FOREIGN KEY ("user_setting_id") REFERENCES "public"."user_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_affiliate_companies" ADD CONSTRAINT "broker_affiliate_companies_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_affiliate_companies" ADD CONSTRAINT "broker_affiliate_companies_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_departments" ADD CONSTRAINT "broker_departments_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_integrations" ADD CONSTRAINT "send_integrations_broker_department_id_broker_departments_id_fk" FOREIGN KEY ("broker_department_id") REFERENCES "public"."broker_departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist" ADD CONSTRAINT "blacklist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_leads" ADD CONSTRAINT "failed_leads_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_leads" ADD CONSTRAINT "failed_leads_import_job_id_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_broker_histories" ADD CONSTRAINT "lead_broker_histories_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_broker_histories" ADD CONSTRAINT "lead_broker_histories_broker_department_id_broker_departments_id_fk" FOREIGN KEY ("broker_department_id") REFERENCES "public"."broker_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_data_histories" ADD CONSTRAINT "lead_data_histories_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_data_histories" ADD CONSTRAINT "lead_data_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_send_histories" ADD CONSTRAINT "lead_send_histories_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_send_histories" ADD CONSTRAINT "lead_send_histories_broker_department_id_broker_departments_id_fk" FOREIGN KEY ("broker_department_id") REFERENCES "public"."broker_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_send_histories" ADD CONSTRAINT "lead_send_histories_send_integration_id_send_integrations_id_fk" FOREIGN KEY ("send_integration_id") REFERENCES "public"."send_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_send_histories" ADD CONSTRAINT "lead_send_histories_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_send_histories" ADD CONSTRAINT "lead_send_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_histories" ADD CONSTRAINT "lead_status_histories_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_histories" ADD CONSTRAINT "lead_status_histories_from_status_id_statuses_id_fk" FOREIGN KEY ("from_status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_histories" ADD CONSTRAINT "lead_status_histories_to_status_id_statuses_id_fk" FOREIGN KEY ("to_status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_histories" ADD CONSTRAINT "lead_status_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_histories" ADD CONSTRAINT "lead_status_histories_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_settings" ADD CONSTRAINT "lead_status_settings_condition_status_id_statuses_id_fk" FOREIGN KEY ("condition_status_id") REFERENCES "public"."statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_settings" ADD CONSTRAINT "lead_status_settings_last_status_id_statuses_id_fk" FOREIGN KEY ("last_status_id") REFERENCES "public"."statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_original_status_id_statuses_id_fk" FOREIGN KEY ("original_status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_email_status_id_statuses_id_fk" FOREIGN KEY ("email_status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_alt_email_status_id_statuses_id_fk" FOREIGN KEY ("alt_email_status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_phone_status_id_statuses_id_fk" FOREIGN KEY ("phone_status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_alt_phone_status_id_statuses_id_fk" FOREIGN KEY ("alt_phone_status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_last_broker_department_id_broker_departments_id_fk" FOREIGN KEY ("last_broker_department_id") REFERENCES "public"."broker_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_import_job_id_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_name_guard_unique" ON "permissions" USING btree ("name","guard_name");--> statement-breakpoint
CREATE INDEX "role_has_permissions_permission_idx" ON "role_has_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_guard_unique" ON "roles" USING btree ("name","guard_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_permissions_permission_idx" ON "user_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_settings_user_key_unique" ON "user_settings" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "jobs_user_created_idx" ON "jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "notifications_user_read_idx" ON "notifications" USING btree ("user_id","read_at","updated_at");--> statement-breakpoint
CREATE INDEX "request_logs_created_idx" ON "request_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "request_logs_integration_idx" ON "request_logs" USING btree ("send_integration_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_companies_name_unique" ON "affiliate_companies" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso2_unique" ON "countries" USING btree ("iso_3166_2");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso3_unique" ON "countries" USING btree ("iso_3166_3");--> statement-breakpoint
CREATE UNIQUE INDEX "export_setting_users_unique" ON "export_setting_users" USING btree ("export_setting_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_code_unique" ON "languages" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "locales_code_unique" ON "locales" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "localizations_locale_key_unique" ON "localizations" USING btree ("locale","key");--> statement-breakpoint
CREATE UNIQUE INDEX "source_random_statuses_unique" ON "source_random_statuses" USING btree ("source_id","status_id");--> statement-breakpoint
CREATE INDEX "source_random_statuses_status_idx" ON "source_random_statuses" USING btree ("status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_name_unique" ON "sources" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "statuses_class_name_unique" ON "statuses" USING btree ("class","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_unique" ON "tags" USING btree ("name");--> statement-breakpoint
CREATE INDEX "broker_affiliate_companies_company_idx" ON "broker_affiliate_companies" USING btree ("affiliate_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "broker_departments_broker_branch_unique" ON "broker_departments" USING btree ("broker_id","branch_name");--> statement-breakpoint
CREATE UNIQUE INDEX "brokers_name_unique" ON "brokers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "send_integrations_department_idx" ON "send_integrations" USING btree ("broker_department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_type_value_unique" ON "blacklist" USING btree ("type","value");--> statement-breakpoint
CREATE UNIQUE INDEX "failed_leads_import_row_unique" ON "failed_leads" USING btree ("import_job_id","import_row");--> statement-breakpoint
CREATE INDEX "failed_leads_created_idx" ON "failed_leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lead_broker_histories_lead_idx" ON "lead_broker_histories" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_broker_histories_department_idx" ON "lead_broker_histories" USING btree ("broker_department_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_data_histories_lead_idx" ON "lead_data_histories" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_send_histories_job_lead_unique" ON "lead_send_histories" USING btree ("job_id","lead_id");--> statement-breakpoint
CREATE INDEX "lead_send_histories_lead_idx" ON "lead_send_histories" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_send_histories_created_idx" ON "lead_send_histories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lead_send_histories_department_idx" ON "lead_send_histories" USING btree ("broker_department_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_status_histories_lead_idx" ON "lead_status_histories" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_status_settings_condition_unique" ON "lead_status_settings" USING btree ("condition_status_id");--> statement-breakpoint
CREATE INDEX "lead_tags_tag_idx" ON "lead_tags" USING btree ("tag_id","lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_lead_id_unique" ON "leads" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_import_row_unique" ON "leads" USING btree ("import_job_id","import_row");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_source_created_idx" ON "leads" USING btree ("source_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_country_created_idx" ON "leads" USING btree ("country","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_phone_normalized_idx" ON "leads" USING btree ("phone_normalized");--> statement-breakpoint
CREATE INDEX "leads_api_ftd_idx" ON "leads" USING btree ("api_ftd_at");--> statement-breakpoint
CREATE INDEX "leads_last_department_idx" ON "leads" USING btree ("last_broker_department_id","last_sent_at");--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);