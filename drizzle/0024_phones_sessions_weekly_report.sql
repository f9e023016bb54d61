DROP INDEX "clients_tenant_id_phone_number_index";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone_e164" text GENERATED ALWAYS AS (CASE
        WHEN regexp_replace(phone_number, '[^0-9]', '', 'g') = '' THEN NULL
        WHEN phone_number ~ '^[[:space:]]*[+]' THEN '+' || regexp_replace(phone_number, '[^0-9]', '', 'g')
        WHEN length(regexp_replace(phone_number, '[^0-9]', '', 'g')) IN (11, 12)
          AND regexp_replace(phone_number, '[^0-9]', '', 'g') LIKE '0%'
          THEN '+55' || substr(regexp_replace(phone_number, '[^0-9]', '', 'g'), 2)
        WHEN length(regexp_replace(phone_number, '[^0-9]', '', 'g')) IN (10, 11)
          THEN '+55' || regexp_replace(phone_number, '[^0-9]', '', 'g')
        WHEN length(regexp_replace(phone_number, '[^0-9]', '', 'g')) IN (12, 13)
          AND regexp_replace(phone_number, '[^0-9]', '', 'g') LIKE '55%'
          THEN '+' || regexp_replace(phone_number, '[^0-9]', '', 'g')
      END) STORED;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "document_digits" text GENERATED ALWAYS AS (nullif(regexp_replace(coalesce(document_number, ''), '[^0-9]', '', 'g'), '')) STORED;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "weekly_report_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "weekly_report_sent_for" text;--> statement-breakpoint
CREATE INDEX "clients_tenant_id_phone_e164_index" ON "clients" USING btree ("tenant_id","phone_e164");