-- Issue 34 (accepting in fewer statements): figures stored and kept current instead of computed per read,
-- and reads of only what is due.
--  1. driver_quote_times: each driver's median minutes from a trip's posting to their quote on it, over
--     their latest 200 quotes (the driver card's "quote time"; it cost 12 ms per card for a driver with
--     2,200 quotes, three cards per accept). A trigger on quotes recomputes it for that one driver in the
--     transaction that adds, removes or re-dates one of their quotes, whichever code wrote it (a quote,
--     a pair, a run's automatic quote, an instant booking). quotes_driver_created_idx makes that 200-row
--     read an index range. Backfilled below.
--  2. notifications.awaiting_deliveries: true until the delivery worker has written the notification's
--     delivery rows; its partial index holds only those, so a round no longer rescans 24 hours. Added
--     as false (existing rows, no table rewrite), then new rows default to true; the last 24 hours'
--     notifications that have no delivery rows yet are marked awaiting.
--  3. notifications_unread_idx: the bell's capped unread count reads unread rows only.
CREATE TABLE "driver_quote_times" (
	"driver_id" uuid PRIMARY KEY NOT NULL,
	"median_minutes" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "awaiting_deliveries" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "awaiting_deliveries" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "driver_quote_times" ADD CONSTRAINT "driver_quote_times_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_driver_created_idx" ON "quotes" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_awaiting_deliveries_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."awaiting_deliveries";--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read";--> statement-breakpoint
UPDATE notifications n SET awaiting_deliveries = true
 WHERE n.created_at > now() - interval '24 hours'
   AND NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.notification_id = n.id);--> statement-breakpoint
-- The one definition of the figure: the median over the driver's latest 200 quotes (by quote time) of
-- the minutes from the trip being posted to the quote. The 200 are taken from quotes alone (through
-- quotes_driver_created_idx) before the join to rides, so a busy driver costs 200 ride lookups, not one
-- per quote they ever sent (every quote has its ride: ride_id is not null and cascades).
-- PL/pgSQL rather than SQL: its plan is kept for the connection instead of planned again on every call
-- from the trigger.
CREATE OR REPLACE FUNCTION driver_median_quote_minutes(driver uuid) RETURNS double precision
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (latest.created_at - r.created_at)) / 60)
      FROM (SELECT q.ride_id, q.created_at
              FROM quotes q
             WHERE q.driver_id = driver
             ORDER BY q.created_at DESC
             LIMIT 200) latest
      JOIN rides r ON r.id = latest.ride_id);
END
$$;
--> statement-breakpoint
-- Recomputes one driver's stored figure. The row is locked first, in its own statement, and the median
-- read in the next one (a fresh snapshot under READ COMMITTED): two transactions adding quotes for the
-- same driver at once take turns, and the second sees the first's quote once it committed. `may_insert`
-- is false when a quote is deleted (the driver may be being deleted too: no new row for them).
CREATE OR REPLACE FUNCTION refresh_driver_quote_time(driver uuid, may_insert boolean) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF may_insert THEN
    INSERT INTO driver_quote_times (driver_id) VALUES (driver) ON CONFLICT (driver_id) DO NOTHING;
  END IF;
  PERFORM 1 FROM driver_quote_times WHERE driver_id = driver FOR UPDATE;
  UPDATE driver_quote_times
     SET median_minutes = driver_median_quote_minutes(driver), updated_at = now()
   WHERE driver_id = driver;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quotes_refresh_driver_quote_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.driver_id <> NEW.driver_id) THEN
    PERFORM refresh_driver_quote_time(OLD.driver_id, false);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM refresh_driver_quote_time(NEW.driver_id, true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only what the figure depends on: a quote's driver, trip and time (a changed price or status does not).
CREATE TRIGGER quotes_refresh_driver_quote_time AFTER INSERT OR DELETE ON quotes
  FOR EACH ROW EXECUTE FUNCTION quotes_refresh_driver_quote_time();
--> statement-breakpoint
CREATE TRIGGER quotes_refresh_driver_quote_time_on_update
  AFTER UPDATE OF driver_id, ride_id, created_at ON quotes
  FOR EACH ROW
  WHEN (OLD.driver_id IS DISTINCT FROM NEW.driver_id OR OLD.ride_id IS DISTINCT FROM NEW.ride_id
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION quotes_refresh_driver_quote_time();
--> statement-breakpoint
-- A trip's posting time is never changed by the app; if it is (a fix by hand), its quoting drivers' figures follow.
CREATE OR REPLACE FUNCTION rides_refresh_driver_quote_times() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  driver uuid;
BEGIN
  FOR driver IN SELECT DISTINCT q.driver_id FROM quotes q WHERE q.ride_id = NEW.id ORDER BY 1 LOOP
    PERFORM refresh_driver_quote_time(driver, true);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rides_refresh_driver_quote_times AFTER UPDATE OF created_at ON rides
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION rides_refresh_driver_quote_times();
--> statement-breakpoint
INSERT INTO driver_quote_times (driver_id, median_minutes)
SELECT d.driver_id, driver_median_quote_minutes(d.driver_id)
  FROM (SELECT DISTINCT driver_id FROM quotes) d;
