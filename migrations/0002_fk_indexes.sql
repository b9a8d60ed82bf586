CREATE INDEX "cart_lines_course_idx" ON "cart_lines" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "cart_lines_product_idx" ON "cart_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "cart_lines_price_option_idx" ON "cart_lines" USING btree ("price_option_id");--> statement-breakpoint
CREATE INDEX "order_events_actor_idx" ON "order_events" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "order_lines_course_idx" ON "order_lines" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_lines_price_option_idx" ON "order_lines" USING btree ("price_option_id");--> statement-breakpoint
CREATE INDEX "terms_pages_updated_by_idx" ON "terms_pages" USING btree ("updated_by");