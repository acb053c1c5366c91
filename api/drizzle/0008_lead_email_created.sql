DROP INDEX "leads_email_idx";--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree ("email" text_pattern_ops,"created_at","id");