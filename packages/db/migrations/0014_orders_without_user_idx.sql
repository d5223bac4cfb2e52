-- orders_idempotency_key (user_id, idempotency_key) already serves every lookup by customer
-- (their order history, the foreign key from users): a second index on user_id alone only cost
-- one more index write per order placed.
DROP INDEX "orders_user_idx";
