// The tenant's setup state (spec 000 §4, spec 001 §4 "Wizard") and remaining minutes (spec 000 §3, §7).
// Outputs only: plain JSON, so /openapi.json is generated from them.
import { SETUP_ROUTES } from "../setup-state";
import { z } from "../zod";

const count = z
  .number()
  .int()
  .nonnegative()
  .meta({ examples: [1] });
const route = z.enum(Object.values(SETUP_ROUTES) as [string, ...string[]]);

/** One catalogue: how many active (not deleted) records it holds, and the oldest one the wizard updates. */
const catalogueState = z.object({
  count,
  firstId: z.uuid().nullable().describe("O registro mais antigo, que o assistente de configuração atualiza"),
});

export const SetupState = z.object({
  voiceAgent: z.object({ exists: z.boolean(), id: z.uuid().nullable() }),
  establishments: catalogueState,
  professionals: catalogueState,
  offeredServices: catalogueState,
  subscriptionStatus: z
    .string()
    .nullable()
    .describe("Status da assinatura (ACTIVE e TRIAL contam como ativa); null enquanto não há assinatura"),
  minutePackMinutes: z.number().int().nonnegative().describe("Minutos restantes dos pacotes avulsos"),
  routes: z.object({
    afterLogin: route.describe("Destino após o retorno do login (spec 000 §4)"),
    fromLoginPage: route.describe("Destino de um usuário já autenticado que abre /login (spec 000 §4)"),
  }),
  wizardStep: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
    .describe("Passo inicial do assistente de configuração (spec 001 §4)"),
});
export type SetupState = z.infer<typeof SetupState>;

/** spec 000 §3 "Remaining minutes". */
export const RemainingMinutes = z.object({
  subscriptionMinutes: z.number().int().nonnegative(),
  minutePackMinutes: z.number().int().nonnegative(),
});
export type RemainingMinutes = z.infer<typeof RemainingMinutes>;
