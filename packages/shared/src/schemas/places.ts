// Address suggestions for the establishment form (spec 001 §2 "Care locations", §9): from 3 typed characters, Brazil only,
// pt-BR. Our server calls Google Places Autocomplete (New) with its key; the browser never sees the key.
import { textCharacters, z } from "../zod";

/** spec 001 §9: suggestions appear from 3 typed characters. */
export const PLACES_MIN_INPUT = 3;
export const PLACES_MAX_INPUT = 200;

export const PLACES_MESSAGES = {
  inputInvalid: "Texto de busca inválido",
  inputMax: `Texto de busca deve ter no máximo ${PLACES_MAX_INPUT} caracteres`,
  sessionTokenInvalid: "Token de sessão inválido",
  unavailable:
    "O serviço de sugestões de endereço está indisponível no momento. Digite o endereço manualmente.",
  timedOut: "O serviço de sugestões de endereço não respondeu a tempo. Digite o endereço manualmente.",
} as const;
const M = PLACES_MESSAGES;

export const PlacesAutocompleteInput = z.object({
  input: z
    .string({ error: M.inputInvalid })
    .check(textCharacters())
    .trim()
    .max(PLACES_MAX_INPUT, M.inputMax)
    // REST drops an empty query parameter (docs/architecture.md): an empty field is a short input, not an error.
    .default(""),
  /**
   * Groups one user's keystrokes into one billed session (a UUID from the form, reused until a suggestion is
   * chosen). Google takes a URL-safe base64 string of at most 36 characters.
   */
  sessionToken: z
    .string({ error: M.sessionTokenInvalid })
    .check(textCharacters())
    .regex(/^[A-Za-z0-9_-]{1,36}$/, M.sessionTokenInvalid)
    .nullish(),
});
export type PlacesAutocompleteInput = z.input<typeof PlacesAutocompleteInput>;

export const PlaceSuggestion = z.object({
  placeId: z.string().meta({ examples: ["ChIJ0WGkg4FEzpQRrlsz_whLqZs"] }),
  description: z.string().meta({ examples: ["Avenida Paulista, 1000 - Bela Vista, São Paulo - SP, Brasil"] }),
  mainText: z.string().meta({ examples: ["Avenida Paulista, 1000"] }),
  secondaryText: z.string().meta({ examples: ["Bela Vista, São Paulo - SP, Brasil"] }),
});
export type PlaceSuggestion = z.infer<typeof PlaceSuggestion>;

/**
 * `enabled: false` when this installation has no Google Maps key: the form then keeps the address a plain input
 * (docs/architecture.md: a service without its key is absent). A 200, not an error, so the form can ask once and fall back.
 */
export const PlacesAutocomplete = z.object({
  enabled: z.boolean(),
  suggestions: z.array(PlaceSuggestion),
});
export type PlacesAutocomplete = z.infer<typeof PlacesAutocomplete>;
