-- An order is placed in one statement from a basket read without locks:
-- the statement removes the basket lines as they were read and calls this with "every line
-- removed and the order inserted". When a line changed or went meanwhile, or the order's
-- Idempotency-Key is taken, it fails the whole statement, so nothing of it is kept and the
-- application places the order again under the basket's row locks (order-placement.ts).
CREATE FUNCTION "order_placed_as_read"("as_read" boolean) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT "as_read" THEN
    RAISE EXCEPTION 'the basket changed while its order was placed' USING ERRCODE = 'SHB01';
  END IF;
  RETURN true;
END;
$$;
