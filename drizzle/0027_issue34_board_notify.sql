-- Issue 34: the drivers' board is answered from memory (src/server/modules/rides/board-cache.ts). Every
-- change that can alter a card tells every instance, whichever code path or instance made it, so no code
-- has to remember to: one notification per statement (PostgreSQL folds identical ones within a
-- transaction), no payload, since any change drops every kept page.
CREATE OR REPLACE FUNCTION board_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('board_change', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A card shows the trip and its other leg (rides), the live quote count and the driver's own quote
-- (quotes), the booking (bookings), the customer's rating (ratings) and first name (users.full_name).
CREATE TRIGGER rides_board_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rides
  FOR EACH STATEMENT EXECUTE FUNCTION board_notify_change();
--> statement-breakpoint
CREATE TRIGGER quotes_board_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quotes
  FOR EACH STATEMENT EXECUTE FUNCTION board_notify_change();
--> statement-breakpoint
CREATE TRIGGER bookings_board_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION board_notify_change();
--> statement-breakpoint
CREATE TRIGGER ratings_board_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ratings
  FOR EACH STATEMENT EXECUTE FUNCTION board_notify_change();
--> statement-breakpoint
CREATE TRIGGER users_board_change AFTER UPDATE OF full_name ON users
  FOR EACH STATEMENT EXECUTE FUNCTION board_notify_change();
--> statement-breakpoint
-- The driver's context (verification/standing.ts loadDriverContext: their row, vehicles, documents and
-- an overdue statement) is kept too; a change to any of them names the driver.
CREATE OR REPLACE FUNCTION driver_context_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested, not one condition: a record's missing field is an error even where AND would skip it.
  IF TG_TABLE_NAME = 'drivers' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('driver_context_change', OLD.user_id::text);
    ELSE
      PERFORM pg_notify('driver_context_change', NEW.user_id::text);
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('driver_context_change', OLD.driver_id::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('driver_context_change', NEW.driver_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER drivers_context_change AFTER INSERT OR UPDATE OR DELETE ON drivers
  FOR EACH ROW EXECUTE FUNCTION driver_context_notify_change();
--> statement-breakpoint
CREATE TRIGGER vehicles_context_change AFTER INSERT OR UPDATE OR DELETE ON vehicles
  FOR EACH ROW EXECUTE FUNCTION driver_context_notify_change();
--> statement-breakpoint
CREATE TRIGGER driver_documents_context_change AFTER INSERT OR UPDATE OR DELETE ON driver_documents
  FOR EACH ROW EXECUTE FUNCTION driver_context_notify_change();
--> statement-breakpoint
CREATE TRIGGER billing_statements_context_change AFTER INSERT OR UPDATE OR DELETE ON billing_statements
  FOR EACH ROW EXECUTE FUNCTION driver_context_notify_change();
