CREATE TABLE "distribution_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distribution_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"tier" smallint,
	"department_id" integer,
	"code" varchar(32) NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"hold_hours" integer DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_settings_single_row" CHECK ("distribution_settings"."id" = 1),
	CONSTRAINT "distribution_settings_max_attempts_positive" CHECK ("distribution_settings"."max_attempts" >= 1),
	CONSTRAINT "distribution_settings_hold_hours_not_negative" CHECK ("distribution_settings"."hold_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lead_distributions" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"reason_code" varchar(32),
	"reason" text,
	"rule_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"hold_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_department_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distribution_decisions" ADD CONSTRAINT "distribution_decisions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_decisions" ADD CONSTRAINT "distribution_decisions_department_id_broker_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."broker_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_distributions" ADD CONSTRAINT "lead_distributions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_distributions" ADD CONSTRAINT "lead_distributions_delivered_department_id_broker_departments_id_fk" FOREIGN KEY ("delivered_department_id") REFERENCES "public"."broker_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_decisions_lead_idx" ON "distribution_decisions" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "lead_distributions_due_idx" ON "lead_distributions" USING btree ("next_attempt_at") WHERE "lead_distributions"."state" in ('pending', 'held');--> statement-breakpoint
CREATE INDEX "lead_distributions_state_idx" ON "lead_distributions" USING btree ("state","updated_at");