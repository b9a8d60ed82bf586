-- The VAT mode and rate are shown on cached catalogue pages ("TVA inclus"): a change of the
-- invoice settings bumps the catalogue version like any other catalogue write.
CREATE TRIGGER "invoice_settings_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invoice_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
