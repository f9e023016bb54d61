// Address suggestions through Google Places Autocomplete (New): POST {base}/v1/places:autocomplete with the key in
// the X-Goog-Api-Key header, restricted to Brazil and answered in pt-BR (spec 001 §2, §9). The key stays on the
// server. Every call is billed, so nothing is asked below 3 characters, and the per-user API rate limit
// (RATE_LIMIT_API_PER_MINUTE, apps/server/src/rate-limit.ts) bounds what one signed-in user can spend; the session
// token lets Google bill a user's keystrokes as one session.
import {
  PLACES_MESSAGES as M,
  PLACES_MIN_INPUT,
  type PlaceSuggestion,
  type PlacesAutocomplete,
} from "@atende/shared/schemas/places";
import { z } from "@atende/shared/zod";
import type { PlacesConfig } from "../config";
import { upstreamFailed } from "../errors";

/** At most this many suggestions are shown; Google answers up to 5 by default. */
const MAX_SUGGESTIONS = 5;

// Only what we read of Google's answer; anything else in it is ignored, and a suggestion that lacks a place id is
// skipped (query predictions, which we do not ask for, have none).
const Text = z.object({ text: z.string() });
const GoogleAnswer = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string().min(1),
            text: Text,
            structuredFormat: z.object({ mainText: Text, secondaryText: Text.optional() }).optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});

export async function autocompletePlaces(
  config: PlacesConfig | undefined,
  input: { input: string; sessionToken?: string | null | undefined },
): Promise<PlacesAutocomplete> {
  if (!config) return { enabled: false, suggestions: [] };
  if (input.input.length < PLACES_MIN_INPUT) return { enabled: true, suggestions: [] };

  let response: Response;
  try {
    response = await fetch(new URL("/v1/places:autocomplete", config.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": config.apiKey },
      body: JSON.stringify({
        input: input.input,
        includedRegionCodes: ["br"],
        regionCode: "br",
        languageCode: "pt-BR",
        ...(input.sessionToken ? { sessionToken: input.sessionToken } : {}),
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    upstreamFailed(timedOut ? M.timedOut : M.unavailable, `places: ${String(error)}`, timedOut);
  }
  // Google's error bodies are not shown to the caller: our message says what to do instead.
  if (!response.ok) upstreamFailed(M.unavailable, `places: HTTP ${response.status}`);
  const parsed = GoogleAnswer.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) upstreamFailed(M.unavailable, "places: unexpected answer");

  const suggestions: PlaceSuggestion[] = [];
  for (const { placePrediction: p } of parsed.data.suggestions) {
    if (!p) continue;
    suggestions.push({
      placeId: p.placeId,
      description: p.text.text,
      mainText: p.structuredFormat?.mainText.text ?? p.text.text,
      secondaryText: p.structuredFormat?.secondaryText?.text ?? "",
    });
  }
  return { enabled: true, suggestions: suggestions.slice(0, MAX_SUGGESTIONS) };
}
