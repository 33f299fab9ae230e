-- A member of staff's role and deactivation decide what they may do (docs/product.md §6): a change
-- to either, by any node, the CLI or by hand, is announced like the other access columns of 0009.
DROP TRIGGER IF EXISTS "users_access_notify" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_access_notify"
AFTER UPDATE OF "email", "password_hash", "full_name", "phone_number", "is_admin", "needs_password_change", "role", "deactivated_at" OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "access_notify_user_changed"();
