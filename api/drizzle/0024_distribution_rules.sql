CREATE TABLE "distribution_rule_departments" (
	"rule_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"tier" smallint NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "distribution_rule_departments_rule_id_department_id_pk" PRIMARY KEY("rule_id","department_id"),
	CONSTRAINT "distribution_rule_departments_weight_positive" CHECK ("distribution_rule_departments"."weight" > 0),
	CONSTRAINT "distribution_rule_departments_tier_not_negative" CHECK ("distribution_rule_departments"."tier" >= 0)
);
--> statement-breakpoint
CREATE TABLE "distribution_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distribution_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"position" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"affiliate_company_ids" integer[] DEFAULT '{}' NOT NULL,
	"source_ids" integer[] DEFAULT '{}' NOT NULL,
	"countries" varchar(2)[] DEFAULT '{}' NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"funnels" text[] DEFAULT '{}' NOT NULL,
	"sub1" text[] DEFAULT '{}' NOT NULL,
	"sub2" text[] DEFAULT '{}' NOT NULL,
	"sub3" text[] DEFAULT '{}' NOT NULL,
	"sub4" text[] DEFAULT '{}' NOT NULL,
	"sub5" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distribution_rule_departments" ADD CONSTRAINT "distribution_rule_departments_rule_id_distribution_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."distribution_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_rule_departments" ADD CONSTRAINT "distribution_rule_departments_department_id_broker_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."broker_departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_rule_departments_department_idx" ON "distribution_rule_departments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "distribution_rules_position_idx" ON "distribution_rules" USING btree ("position","id");