ALTER TABLE "source_random_statuses" DROP CONSTRAINT "source_random_statuses_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_status_histories" DROP CONSTRAINT "lead_status_histories_from_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_status_histories" DROP CONSTRAINT "lead_status_histories_to_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_status_settings" DROP CONSTRAINT "lead_status_settings_condition_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_status_settings" DROP CONSTRAINT "lead_status_settings_last_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_original_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_email_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_alt_email_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_phone_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_alt_phone_status_id_statuses_id_fk";
--> statement-breakpoint
ALTER TABLE "source_random_statuses" ADD CONSTRAINT "source_random_statuses_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_histories" ADD CONSTRAINT "lead_status_histories_from_status_id_statuses_id_fk" FOREIGN KEY ("from_status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_histories" ADD CONSTRAINT "lead_status_histories_to_status_id_statuses_id_fk" FOREIGN KEY ("to_status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_settings" ADD CONSTRAINT "lead_status_settings_condition_status_id_statuses_id_fk" FOREIGN KEY ("condition_status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_settings" ADD CONSTRAINT "lead_status_settings_last_status_id_statuses_id_fk" FOREIGN KEY ("last_status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_original_status_id_statuses_id_fk" FOREIGN KEY ("original_status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_email_status_id_statuses_id_fk" FOREIGN KEY ("email_status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_alt_email_status_id_statuses_id_fk" FOREIGN KEY ("alt_email_status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_phone_status_id_statuses_id_fk" FOREIGN KEY ("phone_status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_alt_phone_status_id_statuses_id_fk" FOREIGN KEY ("alt_phone_status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;