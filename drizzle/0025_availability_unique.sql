-- Availabilities identical to an earlier one (same professional, establishment, pattern and time of day) go before
-- the constraint can hold: the earliest stays, the later copies and their per-date changes go (they only repeated
-- its window).
DELETE FROM "availabilities" AS later
  USING "availabilities" AS earlier
  WHERE later.tenant_id = earlier.tenant_id
    AND later.professional_id = earlier.professional_id
    AND later.establishment_id = earlier.establishment_id
    AND later.pattern_type = earlier.pattern_type
    AND later.days_of_week IS NOT DISTINCT FROM earlier.days_of_week
    AND later.days_of_month IS NOT DISTINCT FROM earlier.days_of_month
    AND later.dates IS NOT DISTINCT FROM earlier.dates
    AND later.period_start IS NOT DISTINCT FROM earlier.period_start
    AND later.period_end IS NOT DISTINCT FROM earlier.period_end
    AND later.start_time = earlier.start_time
    AND later.end_time = earlier.end_time
    AND (later.created_at, later.id) > (earlier.created_at, earlier.id);--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_window_unique" UNIQUE NULLS NOT DISTINCT("tenant_id","professional_id","establishment_id","pattern_type","days_of_week","days_of_month","dates","period_start","period_end","start_time","end_time");
