CREATE TABLE "ledger_instructor_totals" (
	"instructor_id" uuid PRIMARY KEY NOT NULL,
	"balance_minor" bigint NOT NULL,
	"paid_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_instructor_totals_owed_idx" ON "ledger_instructor_totals" USING btree ("balance_minor" DESC NULLS LAST,"instructor_id") WHERE balance_minor <> 0 or paid_minor <> 0;--> statement-breakpoint
-- What the ledger says so far, once (its rows are append-only, so the trigger below keeps it from here).
INSERT INTO ledger_instructor_totals (instructor_id, balance_minor, paid_minor)
SELECT instructor_id, -sum(amount_minor),
       coalesce(sum(amount_minor) FILTER (WHERE event IN ('payout', 'payout_reversal')), 0)
FROM ledger_entries
WHERE instructor_id IS NOT NULL
GROUP BY instructor_id;
--> statement-breakpoint
-- Migration 0008's function, with the instructors' totals kept as well (keys upserted in a fixed order).
CREATE OR REPLACE FUNCTION lectio_rollup_ledger() RETURNS trigger
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
  INSERT INTO ledger_instructor_totals AS t (instructor_id, balance_minor, paid_minor)
  SELECT n.instructor_id, -sum(n.amount_minor),
         coalesce(sum(n.amount_minor) FILTER (WHERE n.event IN ('payout', 'payout_reversal')), 0)
  FROM new_rows n
  WHERE n.instructor_id IS NOT NULL
  GROUP BY 1
  ORDER BY 1
  ON CONFLICT (instructor_id) DO UPDATE
    SET balance_minor = t.balance_minor + excluded.balance_minor, paid_minor = t.paid_minor + excluded.paid_minor;
  RETURN NULL;
END;
$$;
