-- Each server process keeps the access tokens it has checked in memory for a short while
-- (packages/core/src/accounts/sign-in-cache.ts). Whatever ends a sign-in, in this process or
-- another (logout, a password reset, staff disabling or deleting a customer), NOTIFYs the user's
-- id on commit, so every process drops that user's tokens at once.
CREATE FUNCTION "sign_ins_changed"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('sign_ins_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_revoked" AFTER UPDATE OF "revoked_at" ON "auth_tokens"
  FOR EACH ROW WHEN (NEW."revoked_at" IS NOT NULL AND OLD."revoked_at" IS NULL) EXECUTE FUNCTION "sign_ins_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_deleted" AFTER DELETE ON "auth_tokens"
  FOR EACH ROW EXECUTE FUNCTION "sign_ins_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_disabled" AFTER UPDATE OF "disabled_at" ON "users"
  FOR EACH ROW WHEN (NEW."disabled_at" IS NOT NULL AND OLD."disabled_at" IS NULL) EXECUTE FUNCTION "sign_ins_changed"();
