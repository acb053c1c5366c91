CREATE TABLE "department_cap_counters" (
	"department_id" integer NOT NULL,
	"period" varchar(8) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"country" varchar(2) DEFAULT '' NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "department_cap_counters_department_id_period_period_start_country_pk" PRIMARY KEY("department_id","period","period_start","country"),
	CONSTRAINT "department_cap_counters_used_not_negative" CHECK ("department_cap_counters"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "department_caps" (
	"department_id" integer NOT NULL,
	"period" varchar(8) NOT NULL,
	"country" varchar(2) DEFAULT '' NOT NULL,
	"cap" integer NOT NULL,
	CONSTRAINT "department_caps_department_id_period_country_pk" PRIMARY KEY("department_id","period","country"),
	CONSTRAINT "department_caps_cap_not_negative" CHECK ("department_caps"."cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "department_limits" (
	"department_id" integer PRIMARY KEY NOT NULL,
	"time_zone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closed_dates" date[] DEFAULT '{}' NOT NULL,
	"refusals_count" boolean DEFAULT false NOT NULL,
	"pacing_per_hour" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_limits_pacing_positive" CHECK ("department_limits"."pacing_per_hour" is null or "department_limits"."pacing_per_hour" > 0)
);
--> statement-breakpoint
ALTER TABLE "department_cap_counters" ADD CONSTRAINT "department_cap_counters_department_id_broker_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."broker_departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_caps" ADD CONSTRAINT "department_caps_department_id_broker_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."broker_departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_limits" ADD CONSTRAINT "department_limits_department_id_broker_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."broker_departments"("id") ON DELETE cascade ON UPDATE no action;