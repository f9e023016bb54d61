import { type RestRoute, restGroup } from "../rest";
import { contactRouter } from "./contact.router";

const route = restGroup("Contato");

export const contactRoutes: RestRoute[] = [
  route("POST", "/contact", contactRouter.send, {
    summary:
      "Mensagem do formulário de contato do site (`name`, `phone`, `email`, `segment`: Clínica, Consultório, Hospital, Estética ou Pet; `message` opcional). Pública, limitada por endereço (429); enviada por e-mail à equipe de vendas",
    public: true,
  }),
];
