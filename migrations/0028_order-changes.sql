-- The admin's order lists kept in memory where one process owns the database (issue 31;
-- app/services/change-feed.server.ts). The lists read orders with their deliveries and events,
-- and the card notifications that matched no order: every write to those tables sends NOTIFY
-- orders_changed at the commit of the writing transaction, whatever code made it (a checkout, a
-- payment notification, an admin's change of status, the expiry job). The process drops what it
-- holds on the notification. One notification per transaction (PostgreSQL merges equal ones);
-- the function is migration 0027's notify_channel.
CREATE TRIGGER "orders_orders_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('orders_changed');
--> statement-breakpoint
CREATE TRIGGER "order_deliveries_orders_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_deliveries" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('orders_changed');
--> statement-breakpoint
CREATE TRIGGER "order_events_orders_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('orders_changed');
--> statement-breakpoint
CREATE TRIGGER "payment_notifications_orders_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_notifications" FOR EACH STATEMENT EXECUTE FUNCTION "notify_channel"('orders_changed');
