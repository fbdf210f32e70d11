-- NSW: a booked fare is agreed before the trip and can never be exceeded afterwards.
-- Once a booking exists, its price and acceptance record are final, whatever code runs.
CREATE OR REPLACE FUNCTION bookings_fare_is_final() RETURNS trigger AS $$
BEGIN
  IF NEW.price_cents IS DISTINCT FROM OLD.price_cents
     OR NEW.fare_statement IS DISTINCT FROM OLD.fare_statement
     OR NEW.accepted_at IS DISTINCT FROM OLD.accepted_at
     OR NEW.quote_id IS DISTINCT FROM OLD.quote_id THEN
    RAISE EXCEPTION 'the agreed fare of booking % cannot change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_fare_is_final BEFORE UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_fare_is_final();
--> statement-breakpoint
-- An accepted quote's price is the booking's fare: it cannot change either.
CREATE OR REPLACE FUNCTION quotes_accepted_price_is_final() RETURNS trigger AS $$
BEGIN
  IF OLD.status = 'accepted' AND (NEW.price_cents IS DISTINCT FROM OLD.price_cents OR NEW.status <> 'accepted') THEN
    RAISE EXCEPTION 'accepted quote % cannot change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER quotes_accepted_price_is_final BEFORE UPDATE ON quotes
  FOR EACH ROW EXECUTE FUNCTION quotes_accepted_price_is_final();
