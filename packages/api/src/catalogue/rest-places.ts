import { type RestRoute, restGroup } from "../rest";
import { placesRouter } from "./places.router";

const route = restGroup("Endereços");

export const placesRoutes: RestRoute[] = [
  route("GET", "/places/autocomplete", placesRouter.autocomplete, {
    summary:
      "Sugestões de endereço no Brasil (Google Places) para `input` com 3 ou mais caracteres; `enabled: false` quando a instalação não tem chave do Google Maps (o campo fica um texto simples). 502/504 se o Google falhar",
  }),
];
