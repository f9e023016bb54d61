import { type RestRoute, restGroup } from "../rest";
import { callsRouter } from "./calls.router";

const route = restGroup("Ligações");

export const callsRoutes: RestRoute[] = [
  route("POST", "/calls/make-call", callsRouter.makeCall, {
    summary:
      "Ligação de demonstração (`toNumber`, celular ou fixo do Brasil): nosso agente liga como um negócio de demonstração. Pública, limitada por endereço, por número e por dia (429); sem Twilio, `success: false` com o motivo",
    public: true,
  }),
];
