ALTER TABLE "leads" DROP CONSTRAINT "leads_source_id_sources_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_affiliate_company_id_affiliate_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE restrict ON UPDATE no action;