DROP INDEX "leads_phone_normalized_idx";--> statement-breakpoint
CREATE INDEX "leads_phone_normalized_idx" ON "leads" USING btree ("phone_normalized","created_at");