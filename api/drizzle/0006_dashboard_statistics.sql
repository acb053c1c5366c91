CREATE TABLE "lead_contact_repeats" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"previous_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "lead_send_histories_created_idx";--> statement-breakpoint
ALTER TABLE "lead_contact_repeats" ADD CONSTRAINT "lead_contact_repeats_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_contact_repeats_created_idx" ON "lead_contact_repeats" USING btree ("created_at","previous_at");--> statement-breakpoint
CREATE INDEX "lead_send_histories_created_outcome_idx" ON "lead_send_histories" USING btree ("created_at","state","broker_department_id");--> statement-breakpoint
CREATE INDEX "leads_ftd_department_idx" ON "leads" USING btree ("api_ftd_at","last_broker_department_id") WHERE "leads"."api_ftd_at" is not null;--> statement-breakpoint
-- lead_contact_repeats is kept by the triggers below, so every writer of leads (intake, import, edits, deletes, seeds)
-- keeps it right. A lead's contact is its email, else its phone (both stored normalized).
CREATE FUNCTION "leads_of_contact"(contact text, since timestamptz, till timestamptz) RETURNS TABLE (id integer, created_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT l.id, l.created_at FROM leads l WHERE l.email = contact AND l.created_at BETWEEN since AND till
  UNION ALL
  SELECT l.id, l.created_at FROM leads l WHERE l.email IS NULL AND l.phone_normalized = contact AND l.created_at BETWEEN since AND till
$$;
--> statement-breakpoint
-- Recomputes the repeats a change of these contacts at these times can have changed: those of the contact's leads
-- up to 48 hours after each time. Their previous leads are among the contact's leads from 48 hours before that time,
-- so one look-up per contact and time serves both.
CREATE FUNCTION "lead_contact_repeats_refresh"(contacts text[], times timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Writers of the same contacts take turns (a lock per 256th of the contacts, taken in one order), so the second
  -- sees the first one's leads once it has committed.
  PERFORM pg_advisory_xact_lock(hashtext('lead_contact_repeats'), bucket)
     FROM (SELECT DISTINCT hashtext(contact) & 255 AS bucket FROM unnest(contacts) AS contact WHERE contact IS NOT NULL ORDER BY 1) AS buckets;
  WITH touched AS (
    SELECT contact, at FROM unnest(contacts, times) AS t(contact, at) WHERE contact IS NOT NULL
  ), nearby AS (
    SELECT l.id, l.created_at, t.contact, bool_or(l.created_at >= t.at) AS candidate
      FROM touched t CROSS JOIN LATERAL leads_of_contact(t.contact, t.at - interval '48 hours', t.at + interval '48 hours') AS l
     GROUP BY l.id, l.created_at, t.contact
  ), computed AS (
    SELECT id, created_at, candidate, lag(created_at) OVER (PARTITION BY contact ORDER BY created_at, id) AS previous_at FROM nearby
  ), dropped AS (
    DELETE FROM lead_contact_repeats r USING computed c
     WHERE r.lead_id = c.id AND c.candidate AND (c.previous_at IS NULL OR c.previous_at < c.created_at - interval '48 hours')
  )
  INSERT INTO lead_contact_repeats (lead_id, created_at, previous_at)
  SELECT id, created_at, previous_at FROM computed WHERE candidate AND previous_at >= created_at - interval '48 hours'
  ON CONFLICT (lead_id) DO UPDATE SET created_at = excluded.created_at, previous_at = excluded.previous_at
   WHERE (lead_contact_repeats.created_at, lead_contact_repeats.previous_at) IS DISTINCT FROM (excluded.created_at, excluded.previous_at);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "lead_contact_repeats_track"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    -- After an insert the new leads, after a delete the removed ones: one pass per statement (imports insert thousands).
    PERFORM lead_contact_repeats_refresh(array_agg(coalesce(email, phone_normalized)), array_agg(created_at)) FROM changed_leads;
  ELSIF (NEW.email, NEW.phone_normalized, NEW.created_at) IS DISTINCT FROM (OLD.email, OLD.phone_normalized, OLD.created_at) THEN
    -- Dropped first: a lead left without a contact belongs to no contact the refresh looks at.
    DELETE FROM lead_contact_repeats WHERE lead_id = NEW.id;
    PERFORM lead_contact_repeats_refresh(ARRAY[coalesce(OLD.email, OLD.phone_normalized), coalesce(NEW.email, NEW.phone_normalized)], ARRAY[OLD.created_at, NEW.created_at]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_contact_repeats_on_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS changed_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_contact_repeats_track();
--> statement-breakpoint
CREATE TRIGGER "lead_contact_repeats_on_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS changed_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_contact_repeats_track();
--> statement-breakpoint
CREATE TRIGGER "lead_contact_repeats_on_update" AFTER UPDATE OF "email", "phone_normalized", "created_at" ON "leads" FOR EACH ROW EXECUTE FUNCTION lead_contact_repeats_track();
--> statement-breakpoint
INSERT INTO "lead_contact_repeats" ("lead_id", "created_at", "previous_at")
SELECT id, created_at, previous_at
  FROM (SELECT id, created_at, lag(created_at) OVER (PARTITION BY coalesce(email, phone_normalized) ORDER BY created_at, id) AS previous_at
          FROM leads WHERE coalesce(email, phone_normalized) IS NOT NULL) AS ordered
 WHERE previous_at >= created_at - interval '48 hours';
