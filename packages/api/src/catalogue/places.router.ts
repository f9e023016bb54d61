// Address suggestions for the establishment form (spec 001 §2), through our server so the Google key never reaches the
// browser (docs/architecture.md). A tenant procedure like every signed-in call: only users of the product may
// spend the key, each within the per-user API rate limit.
import { PlacesAutocomplete, PlacesAutocompleteInput } from "@atende/shared/schemas/places";
import type { TRPCRouterRecord } from "@trpc/server";
import { tenantProcedure } from "../trpc";
import { autocompletePlaces } from "./places";

export const placesRouter = {
  autocomplete: tenantProcedure
    .input(PlacesAutocompleteInput)
    .output(PlacesAutocomplete)
    .query(({ ctx, input }) => autocompletePlaces(ctx.config.places, input)),
} satisfies TRPCRouterRecord;
