CREATE TABLE "integration_call_slots" (
	"integration_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"holder" uuid,
	"lease_until" timestamp with time zone,
	CONSTRAINT "integration_call_slots_integration_id_slot_pk" PRIMARY KEY("integration_id","slot")
);
--> statement-breakpoint
ALTER TABLE "integration_call_slots" ADD CONSTRAINT "integration_call_slots_integration_id_send_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."send_integrations"("id") ON DELETE cascade ON UPDATE no action;