-- Orders are placed one way, under the basket's lock (DESIGN section 8; decision record 009 is
-- superseded): nothing calls the function of migration 0012 any more.
DROP FUNCTION "order_placed_as_read"(boolean);
