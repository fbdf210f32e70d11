-- Issue 12 (clear states): when a booking is cancelled, its accepted quote becomes 'cancelled'. The price
-- stays final: an accepted quote may only move to 'cancelled', and never change its price.
CREATE OR REPLACE FUNCTION quotes_accepted_price_is_final() RETURNS trigger AS $$
BEGIN
  IF OLD.status IN ('accepted', 'cancelled') AND (
       NEW.price_cents IS DISTINCT FROM OLD.price_cents
       OR NOT (NEW.status = OLD.status OR (OLD.status = 'accepted' AND NEW.status = 'cancelled'))
     ) THEN
    RAISE EXCEPTION 'accepted quote % cannot change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
