CREATE TABLE "integration_circuits" (
	"integration_id" integer PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone,
	"open_until" timestamp with time zone,
	"trial_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_circuits" ADD CONSTRAINT "integration_circuits_integration_id_send_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."send_integrations"("id") ON DELETE cascade ON UPDATE no action;