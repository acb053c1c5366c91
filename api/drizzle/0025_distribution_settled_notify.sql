-- A lead's distribution leaving 'pending' (delivered, held, unassigned, timeout) is announced on
-- crm_distribution_settled with the lead's row id, on commit: an affiliate's call waiting for its lead's delivery
-- (POST /api/v1/leads?wait=) wakes at once. A trigger, so every writer (a pass, a batch settled in one statement) passes.
CREATE OR REPLACE FUNCTION "lead_distribution_settled_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crm_distribution_settled', NEW.lead_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_distributions_settled"
AFTER UPDATE OF "state" ON "lead_distributions"
FOR EACH ROW WHEN (NEW.state <> 'pending' AND OLD.state IS DISTINCT FROM NEW.state)
EXECUTE FUNCTION "lead_distribution_settled_notify"();
