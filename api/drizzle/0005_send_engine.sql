ALTER TABLE "broker_departments" ADD COLUMN "send_integration_id" integer;--> statement-breakpoint
ALTER TABLE "broker_departments" ADD COLUMN "countries" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "broker_departments" ADD COLUMN "languages" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "send_integrations" ADD COLUMN "token_url" text;--> statement-breakpoint
ALTER TABLE "send_integrations" ADD COLUMN "access_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_integrations" ADD COLUMN "phone_format" varchar(16) DEFAULT 'e164' NOT NULL;--> statement-breakpoint
ALTER TABLE "send_integrations" ADD COLUMN "concurrency" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "send_integrations" ADD COLUMN "last_pulled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_send_histories" ADD COLUMN "lead_url" text;--> statement-breakpoint
ALTER TABLE "broker_departments" ADD CONSTRAINT "broker_departments_send_integration_id_send_integrations_id_fk" FOREIGN KEY ("send_integration_id") REFERENCES "public"."send_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broker_departments_integration_idx" ON "broker_departments" USING btree ("send_integration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "send_integrations_name_unique" ON "send_integrations" USING btree ("name");--> statement-breakpoint
ALTER TABLE "send_integrations" DROP CONSTRAINT "send_integrations_broker_department_id_broker_departments_id_fk";
--> statement-breakpoint
DROP INDEX "send_integrations_department_idx";--> statement-breakpoint
ALTER TABLE "send_integrations" DROP COLUMN "broker_department_id";