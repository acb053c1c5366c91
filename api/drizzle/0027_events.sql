CREATE TABLE "event_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"session_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(32) NOT NULL,
	"user_id" integer,
	"permission" varchar(255),
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_receiver_check" CHECK ("events"."user_id" is not null or "events"."permission" is not null)
);
--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_tickets_token_hash_unique" ON "event_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "event_tickets_expires_idx" ON "event_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
-- Events are numbered in commit order, so that a reader that has seen event N has seen every event before it: a
-- stream resumes after `Last-Event-ID` and a process reads `id > last seen` without losing one that committed late.
-- An insert takes one transaction-long lock before its rows draw ids, so event writers commit one after another
-- (NOTIFY already serialises their commits); a writer inserts its events last in its transaction.
CREATE FUNCTION "events_number_in_commit_order"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('crm_events', 0));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_number_in_commit_order" BEFORE INSERT ON "events"
FOR EACH STATEMENT EXECUTE FUNCTION "events_number_in_commit_order"();
--> statement-breakpoint
-- Every API process listens on crm_events and reads the rows past the last it saw: the notification says only that
-- there are new ones, once per statement, delivered on commit.
CREATE FUNCTION "events_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM inserted) THEN
    PERFORM pg_notify('crm_events', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_notify" AFTER INSERT ON "events"
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "events_notify"();
