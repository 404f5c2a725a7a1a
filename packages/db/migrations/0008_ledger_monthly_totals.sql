CREATE TABLE "ledger_monthly_totals" (
	"month" date NOT NULL,
	"account" text NOT NULL,
	"event" text NOT NULL,
	"instructor_id" uuid,
	"course_id" uuid,
	"amount_minor" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "ledger_monthly_totals_key" UNIQUE NULLS NOT DISTINCT("month","account","event","instructor_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_platform_monthly_totals" (
	"month" date NOT NULL,
	"account" text NOT NULL,
	"event" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "ledger_platform_monthly_totals_month_account_event_pk" PRIMARY KEY("month","account","event")
);
--> statement-breakpoint
CREATE INDEX "ledger_monthly_totals_instructor_idx" ON "ledger_monthly_totals" USING btree ("instructor_id","month") WHERE instructor_id is not null;--> statement-breakpoint
CREATE INDEX "ledger_monthly_totals_course_idx" ON "ledger_monthly_totals" USING btree ("course_id","month") WHERE course_id is not null;--> statement-breakpoint
-- Kept by the ledger's inserts (its rows are never updated or deleted), one statement at a time, so a
-- sale's four rows cost one upsert per distinct key. Months are UTC. Keys are upserted in a fixed order,
-- so two transactions never wait on each other's rows in opposite orders.
CREATE FUNCTION lectio_rollup_ledger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_monthly_totals AS t (month, account, event, instructor_id, course_id, amount_minor, entries)
  SELECT date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date, n.account, n.event, n.instructor_id,
         n.course_id, sum(n.amount_minor), count(*)::integer
  FROM new_rows n
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT ledger_monthly_totals_key DO UPDATE
    SET amount_minor = t.amount_minor + excluded.amount_minor, entries = t.entries + excluded.entries;
  INSERT INTO ledger_platform_monthly_totals AS t (month, account, event, amount_minor, entries)
  SELECT date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date, n.account, n.event, sum(n.amount_minor),
         count(*)::integer
  FROM new_rows n
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (month, account, event) DO UPDATE
    SET amount_minor = t.amount_minor + excluded.amount_minor, entries = t.entries + excluded.entries;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_rollup_insert AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_rollup_ledger();
