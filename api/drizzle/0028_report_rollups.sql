CREATE TABLE "report_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL,
	"affiliate_company_id" integer,
	"source_id" integer,
	"department_id" integer,
	"country" varchar(2),
	"language" varchar(16),
	"funnel" varchar(255),
	"accepted" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"refused_invalid" integer DEFAULT 0 NOT NULL,
	"refused_duplicate" integer DEFAULT 0 NOT NULL,
	"refused_blacklisted" integer DEFAULT 0 NOT NULL,
	"refused_unknown_source" integer DEFAULT 0 NOT NULL,
	"refused_unknown_status" integer DEFAULT 0 NOT NULL,
	"refused_cap_reached" integer DEFAULT 0 NOT NULL,
	"distributed" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"broker_refused" integer DEFAULT 0 NOT NULL,
	"unassigned" integer DEFAULT 0 NOT NULL,
	"ftds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_lead_facts" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"affiliate_company_id" integer,
	"source_id" integer,
	"department_id" integer,
	"country" varchar(2),
	"language" varchar(16),
	"funnel" varchar(255),
	"distributed" boolean NOT NULL,
	"delivered" boolean NOT NULL,
	"broker_refused" boolean NOT NULL,
	"unassigned" boolean NOT NULL,
	"ftd" boolean NOT NULL,
	"ftd_seconds" double precision
);
--> statement-breakpoint
CREATE TABLE "report_rollups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_rollups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"grouping_set" smallint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"affiliate_company_id" integer,
	"source_id" integer,
	"department_id" integer,
	"country" varchar(2),
	"language" varchar(16),
	"funnel" varchar(255),
	"accepted" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"refused_invalid" integer DEFAULT 0 NOT NULL,
	"refused_duplicate" integer DEFAULT 0 NOT NULL,
	"refused_blacklisted" integer DEFAULT 0 NOT NULL,
	"refused_unknown_source" integer DEFAULT 0 NOT NULL,
	"refused_unknown_status" integer DEFAULT 0 NOT NULL,
	"refused_cap_reached" integer DEFAULT 0 NOT NULL,
	"distributed" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"broker_refused" integer DEFAULT 0 NOT NULL,
	"unassigned" integer DEFAULT 0 NOT NULL,
	"ftds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_rollups_key" UNIQUE NULLS NOT DISTINCT("grouping_set","period_start","affiliate_company_id","source_id","department_id","country","language","funnel")
);
--> statement-breakpoint
CREATE INDEX "report_lead_facts_created_idx" ON "report_lead_facts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "report_lead_facts_ftd_idx" ON "report_lead_facts" USING btree ("created_at") WHERE "report_lead_facts"."ftd_seconds" is not null;--> statement-breakpoint
-- A report reads one grouping set's periods from this index alone: the rows of a set lie scattered in the table (each
-- fold writes every set at once, and each update moves a row), so a bitmap heap scan visited a page per row.
CREATE INDEX "report_rollups_read_idx" ON "report_rollups" ("grouping_set", "period_start") INCLUDE ("affiliate_company_id", "source_id", "department_id", "country", "language", "funnel", "accepted", "refused", "refused_invalid", "refused_duplicate", "refused_blacklisted", "refused_unknown_source", "refused_unknown_status", "refused_cap_reached", "distributed", "delivered", "broker_refused", "unassigned", "ftds");
--> statement-breakpoint
-- A lead's facts as a report counts them, read from the base tables: the same definition as the plain GROUP BY of
-- modules/reports/plainQuery.ts, which test/reports-rollups.test.ts holds the two to.
CREATE OR REPLACE FUNCTION "report_fresh_facts"(ids int[]) RETURNS SETOF "report_lead_facts"
LANGUAGE sql STABLE AS $$
  SELECT l.id, l.created_at, l.affiliate_company_id, l.source_id, l.last_broker_department_id, l.country, l.language, l.funnel,
         s.lead_id IS NOT NULL, s.delivered_at IS NOT NULL, coalesce(s.failed AND s.delivered_at IS NULL, false),
         coalesce(d.state = 'unassigned', false), l.api_ftd_at IS NOT NULL,
         extract(epoch FROM l.api_ftd_at - s.delivered_at)::float8
    FROM leads l
    LEFT JOIN lead_distributions d ON d.lead_id = l.id
    LEFT JOIN LATERAL (SELECT h.lead_id, min(h.created_at) FILTER (WHERE h.state = 'success') AS delivered_at, bool_or(h.state = 'failure') AS failed
                         FROM lead_send_histories h WHERE h.lead_id = l.id GROUP BY h.lead_id) s ON true
   WHERE l.id = ANY(ids)
$$;
--> statement-breakpoint
-- Brings these leads' facts up to date and writes what changed as deltas: the old facts with -1, the new with +1.
CREATE OR REPLACE FUNCTION "report_refresh_facts"(ids int[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  -- The stored facts are locked first, in one order: the statement below then reads the base tables with a snapshot
  -- taken after every transaction that refreshed these leads before us committed, so no refresh overwrites another's.
  PERFORM 1 FROM report_lead_facts WHERE lead_id = ANY(ids) ORDER BY lead_id FOR UPDATE;
  WITH fresh AS (SELECT * FROM report_fresh_facts(ids)),
       stored AS (SELECT * FROM report_lead_facts WHERE lead_id = ANY(ids)),
       ended AS (SELECT s.* FROM stored s WHERE NOT EXISTS (SELECT 1 FROM fresh f WHERE f.lead_id = s.lead_id AND f IS NOT DISTINCT FROM s)),
       begun AS (SELECT f.* FROM fresh f WHERE NOT EXISTS (SELECT 1 FROM stored s WHERE s.lead_id = f.lead_id AND s IS NOT DISTINCT FROM f)),
       changes AS (
         INSERT INTO report_deltas (created_at, affiliate_company_id, source_id, department_id, country, language, funnel,
                                    accepted, distributed, delivered, broker_refused, unassigned, ftds)
         SELECT c.created_at, c.affiliate_company_id, c.source_id, c.department_id, c.country, c.language, c.funnel,
                c.sign, c.sign * c.distributed::int, c.sign * c.delivered::int, c.sign * c.broker_refused::int, c.sign * c.unassigned::int, c.sign * c.ftd::int
           FROM (SELECT e.*, -1 AS sign FROM ended e UNION ALL SELECT b.*, 1 AS sign FROM begun b) c
       ),
       gone AS (DELETE FROM report_lead_facts r WHERE r.lead_id IN (SELECT lead_id FROM ended EXCEPT SELECT lead_id FROM begun))
  INSERT INTO report_lead_facts SELECT * FROM begun
  ON CONFLICT (lead_id) DO UPDATE SET
    created_at = excluded.created_at, affiliate_company_id = excluded.affiliate_company_id, source_id = excluded.source_id,
    department_id = excluded.department_id, country = excluded.country, language = excluded.language, funnel = excluded.funnel,
    distributed = excluded.distributed, delivered = excluded.delivered, broker_refused = excluded.broker_refused,
    unassigned = excluded.unassigned, ftd = excluded.ftd, ftd_seconds = excluded.ftd_seconds;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_leads_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A lead just added has no sends and no distribution yet (they refer to it): its facts are its own columns.
    WITH added AS (
      INSERT INTO report_lead_facts (lead_id, created_at, affiliate_company_id, source_id, department_id, country, language, funnel,
                                     distributed, delivered, broker_refused, unassigned, ftd, ftd_seconds)
      SELECT id, created_at, affiliate_company_id, source_id, last_broker_department_id, country, language, funnel,
             false, false, false, false, api_ftd_at IS NOT NULL, NULL
        FROM new_rows
      RETURNING *)
    INSERT INTO report_deltas (created_at, affiliate_company_id, source_id, department_id, country, language, funnel, accepted, ftds)
    SELECT created_at, affiliate_company_id, source_id, department_id, country, language, funnel, 1, ftd::int FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_refresh_facts(ARRAY(SELECT id FROM old_rows));
  ELSE
    -- Only what a report counts: a status change or an edit of the name does not touch the facts.
    PERFORM report_refresh_facts(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.created_at, n.affiliate_company_id, n.source_id, n.last_broker_department_id, n.country, n.language, n.funnel, n.api_ftd_at)
             IS DISTINCT FROM (o.created_at, o.affiliate_company_id, o.source_id, o.last_broker_department_id, o.country, o.language, o.funnel, o.api_ftd_at)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "report_leads_inserted" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_leads_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_leads_updated" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_leads_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_leads_deleted" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_leads_changed"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_sends_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_refresh_facts(ARRAY(SELECT DISTINCT lead_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_refresh_facts(ARRAY(SELECT DISTINCT lead_id FROM old_rows));
  ELSE
    PERFORM report_refresh_facts(ARRAY(
      SELECT lead FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.lead_id), (o.lead_id)) AS leads(lead)
       WHERE (n.lead_id, n.state, n.created_at) IS DISTINCT FROM (o.lead_id, o.state, o.created_at)
       GROUP BY lead));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "report_sends_inserted" AFTER INSERT ON "lead_send_histories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sends_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_sends_updated" AFTER UPDATE ON "lead_send_histories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sends_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_sends_deleted" AFTER DELETE ON "lead_send_histories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_sends_changed"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_distributions_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Only a lead left unassigned, or taken out of it, changes what a report counts.
  IF TG_OP = 'INSERT' THEN
    PERFORM report_refresh_facts(ARRAY(SELECT lead_id FROM new_rows WHERE state = 'unassigned'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_refresh_facts(ARRAY(SELECT lead_id FROM old_rows WHERE state = 'unassigned'));
  ELSE
    PERFORM report_refresh_facts(ARRAY(
      SELECT lead FROM new_rows n JOIN old_rows o ON o.lead_id = n.lead_id, LATERAL (VALUES (n.lead_id), (o.lead_id)) AS leads(lead)
       WHERE (n.state = 'unassigned') IS DISTINCT FROM (o.state = 'unassigned')
       GROUP BY lead));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "report_distributions_inserted" AFTER INSERT ON "lead_distributions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_distributions_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_distributions_updated" AFTER UPDATE ON "lead_distributions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_distributions_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_distributions_deleted" AFTER DELETE ON "lead_distributions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_distributions_changed"();
--> statement-breakpoint
-- A refusal counts by its own row: its deltas are written straight away (a refusal's country is the two-letter code it
-- was sent with, as plainQuery.ts reads it).
CREATE OR REPLACE FUNCTION "report_refusal_deltas"(rows_changed jsonb, sign int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_deltas (created_at, affiliate_company_id, source_id, country, refused,
                             refused_invalid, refused_duplicate, refused_blacklisted, refused_unknown_source, refused_unknown_status, refused_cap_reached)
  SELECT f.created_at, f.affiliate_company_id, f.source_id,
         CASE WHEN upper(f.raw->>'country') ~ '^[A-Z]{2}$' THEN upper(f.raw->>'country') END, sign,
         sign * (f.reason_code = 'INVALID')::int, sign * (f.reason_code = 'DUPLICATE')::int, sign * (f.reason_code = 'BLACKLISTED')::int,
         sign * (f.reason_code = 'UNKNOWN_SOURCE')::int, sign * (f.reason_code = 'UNKNOWN_STATUS')::int, sign * (f.reason_code = 'CAP_REACHED')::int
    FROM jsonb_populate_recordset(NULL::failed_leads, rows_changed) f
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_refusals_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_refusal_deltas((SELECT jsonb_agg(to_jsonb(n)) FROM new_rows n), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_refusal_deltas((SELECT jsonb_agg(to_jsonb(o)) FROM old_rows o), -1);
  ELSE
    PERFORM report_refusal_deltas((SELECT jsonb_agg(to_jsonb(o)) FROM old_rows o JOIN new_rows n ON n.id = o.id
                                    WHERE (n.created_at, n.affiliate_company_id, n.source_id, n.reason_code, n.raw->>'country')
                                          IS DISTINCT FROM (o.created_at, o.affiliate_company_id, o.source_id, o.reason_code, o.raw->>'country')), -1);
    PERFORM report_refusal_deltas((SELECT jsonb_agg(to_jsonb(n)) FROM old_rows o JOIN new_rows n ON n.id = o.id
                                    WHERE (n.created_at, n.affiliate_company_id, n.source_id, n.reason_code, n.raw->>'country')
                                          IS DISTINCT FROM (o.created_at, o.affiliate_company_id, o.source_id, o.reason_code, o.raw->>'country')), 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "report_refusals_inserted" AFTER INSERT ON "failed_leads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_refusals_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_refusals_updated" AFTER UPDATE ON "failed_leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_refusals_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_refusals_deleted" AFTER DELETE ON "failed_leads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_refusals_changed"();
--> statement-breakpoint
-- What is there already: every lead's facts, every refusal, as deltas the first fold takes in.
SELECT report_refresh_facts(ARRAY(SELECT id FROM leads));
--> statement-breakpoint
SELECT report_refusal_deltas((SELECT jsonb_agg(to_jsonb(f)) FROM failed_leads f), 1);
