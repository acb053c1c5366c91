CREATE TABLE "affiliate_postback_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_postback_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"affiliate_company_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"event" varchar(16) NOT NULL,
	"macros" jsonb NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"delivered_at" timestamp with time zone,
	"last_status" smallint,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_postback_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_postback_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_company_id" integer NOT NULL,
	"event" varchar(16) NOT NULL,
	"method" varchar(8) DEFAULT 'GET' NOT NULL,
	"url_template" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_postback_events" ADD CONSTRAINT "affiliate_postback_events_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_postback_events" ADD CONSTRAINT "affiliate_postback_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_postback_templates" ADD CONSTRAINT "affiliate_postback_templates_affiliate_company_id_affiliate_companies_id_fk" FOREIGN KEY ("affiliate_company_id") REFERENCES "public"."affiliate_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_postback_events_due_idx" ON "affiliate_postback_events" USING btree ("next_attempt_at") WHERE "affiliate_postback_events"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "affiliate_postback_events_company_idx" ON "affiliate_postback_events" USING btree ("affiliate_company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "affiliate_postback_events_lead_idx" ON "affiliate_postback_events" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_postback_templates_company_event_unique" ON "affiliate_postback_templates" USING btree ("affiliate_company_id","event");--> statement-breakpoint
-- The public status an affiliate company sees for an internal status: its mapping, else the company's default, else
-- 'In progress' (a company without settings). The pull API (affiliates/publicStatus.ts) follows the same rule.
CREATE FUNCTION "affiliate_public_status"(company integer, status integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT m.public_status FROM affiliate_status_map m WHERE m.affiliate_company_id = company AND m.status_id = status),
    (SELECT s.default_public_status FROM affiliate_settings s WHERE s.affiliate_company_id = company),
    'In progress')
$$;
--> statement-breakpoint
-- Writes the outbox rows of one event for these leads: only leads of a company with an active template for the event.
-- The macros are the lead's values now; an FTD is due after the company's FTD hold, any other event at once, and
-- shows {ftd_at} only once the hold has passed since the FTD was reported (its broker-history row, else the FTD's own
-- time: the pull's rule, affiliates/publicStatus.ts); the FTD's own event always shows it: it waited for the hold.
CREATE FUNCTION "affiliate_postback_enqueue"(lead_ids integer[], event_name text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO affiliate_postback_events (affiliate_company_id, lead_id, event, macros, due_at, next_attempt_at)
  SELECT l.affiliate_company_id, l.id, event_name,
         jsonb_build_object(
           'lead_id', l.lead_id, 'click_id', coalesce(l.click_id, ''),
           'sub1', coalesce(l.sub1, ''), 'sub2', coalesce(l.sub2, ''), 'sub3', coalesce(l.sub3, ''),
           'sub4', coalesce(l.sub4, ''), 'sub5', coalesce(l.sub5, ''),
           'status', affiliate_public_status(l.affiliate_company_id, l.status_id),
           'ftd_at', CASE WHEN event_name = 'ftd' OR coalesce((SELECT h.created_at FROM lead_broker_histories h WHERE h.lead_id = l.id AND h.api_ftd_at IS NOT NULL), l.api_ftd_at)
                                                     <= now() - make_interval(hours => coalesce(s.ftd_hold_hours, 0))
                          THEN to_char(l.api_ftd_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') ELSE '' END),
         due.at, due.at
    FROM leads l
    JOIN affiliate_postback_templates t ON t.affiliate_company_id = l.affiliate_company_id AND t.event = event_name AND t.is_active
    LEFT JOIN affiliate_settings s ON s.affiliate_company_id = l.affiliate_company_id
    CROSS JOIN LATERAL (SELECT CASE WHEN event_name = 'ftd' THEN now() + make_interval(hours => coalesce(s.ftd_hold_hours, 0)) ELSE now() END AS at) AS due
   WHERE l.id = ANY(lead_ids) AND l.affiliate_company_id IS NOT NULL
$$;
--> statement-breakpoint
-- Every writer of a lead's status or FTD (edits, bulk changes, status rules, broker pulls and postbacks) passes here:
-- a status event when the PUBLIC status changes (two internal statuses mapped alike are one public status), an FTD
-- event when api_ftd_at becomes set.
CREATE FUNCTION "affiliate_postback_on_lead_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The template is looked at first: most companies have none, and bulk status changes then cost one index look-up.
  IF NEW.status_id IS DISTINCT FROM OLD.status_id
     AND EXISTS (SELECT 1 FROM affiliate_postback_templates t WHERE t.affiliate_company_id = NEW.affiliate_company_id AND t.event = 'status' AND t.is_active)
     AND affiliate_public_status(NEW.affiliate_company_id, NEW.status_id) IS DISTINCT FROM affiliate_public_status(NEW.affiliate_company_id, OLD.status_id) THEN
    PERFORM affiliate_postback_enqueue(ARRAY[NEW.id], 'status');
  END IF;
  IF OLD.api_ftd_at IS NULL AND NEW.api_ftd_at IS NOT NULL THEN
    PERFORM affiliate_postback_enqueue(ARRAY[NEW.id], 'ftd');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "affiliate_postback_on_lead_update" AFTER UPDATE OF "status_id", "api_ftd_at" ON "leads" FOR EACH ROW
  WHEN (NEW.affiliate_company_id IS NOT NULL AND (OLD.status_id IS DISTINCT FROM NEW.status_id OR (OLD.api_ftd_at IS NULL AND NEW.api_ftd_at IS NOT NULL)))
  EXECUTE FUNCTION affiliate_postback_on_lead_update();
