DROP INDEX "leads_api_ftd_idx";--> statement-breakpoint
CREATE INDEX "leads_api_ftd_desc_idx" ON "leads" USING btree ("api_ftd_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_last_sent_idx" ON "leads" USING btree ("last_sent_at","id");--> statement-breakpoint
CREATE INDEX "leads_last_sent_desc_idx" ON "leads" USING btree ("last_sent_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_api_ftd_idx" ON "leads" USING btree ("api_ftd_at","id");