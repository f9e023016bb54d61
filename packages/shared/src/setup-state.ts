// Where a signed-in user lands (spec 000 §4 "States and transitions") and where the initial configuration wizard
// starts (spec 001 §4 "Wizard"). Pure functions over the facts `tenant.setupState` answers, so the server's answer
// and the web app's fallback decide alike, and every branch is unit-tested once (setup-state.test.ts).

export const SETUP_ROUTES = {
  dashboard: "/dashboard",
  testAgent: "/testar-agente",
  initialSetup: "/configuracao-inicial",
} as const;
export type SetupRoute = (typeof SETUP_ROUTES)[keyof typeof SETUP_ROUTES];

/**
 * What the routing rules read. `subscriptionStatus` is null while the tenant has no subscription (and always until
 * billing exists); `minutePackMinutes` is what remains of the tenant's minute packs (0 until billing exists).
 */
export interface SetupFacts {
  subscriptionStatus: string | null;
  minutePackMinutes: number;
  hasVoiceAgent: boolean;
  establishments: number;
  professionals: number;
  offeredServices: number;
}

/**
 * Where the decision is taken:
 * - `signup`: the sign-up callback, always the wizard ('Bem-vindo! Configure sua conta.');
 * - `login`: the sign-in callback, decided by subscription, then agent and catalogues;
 * - `loginPage`: an already signed-in user opening /login, where remaining minute-pack minutes also lead to the
 *   dashboard.
 */
export type SetupEntry = "signup" | "login" | "loginPage";

/** spec 000 §3: ACTIVE and TRIAL count as an active subscription. */
export function hasActiveSubscription(status: string | null | undefined): boolean {
  return status === "ACTIVE" || status === "TRIAL";
}

/** The agent and one of each catalogue: what the test page needs to run a call (spec 000 §4). */
export function isSetupComplete(facts: SetupFacts): boolean {
  return (
    facts.hasVoiceAgent && facts.establishments > 0 && facts.professionals > 0 && facts.offeredServices > 0
  );
}

/**
 * spec 000 §4. `facts` is null when they could not be loaded: "on any error, /configuracao-inicial".
 */
export function decideSetupRoute(facts: SetupFacts | null, entry: SetupEntry): SetupRoute {
  if (entry === "signup" || !facts) return SETUP_ROUTES.initialSetup;
  if (hasActiveSubscription(facts.subscriptionStatus)) return SETUP_ROUTES.dashboard;
  if (entry === "loginPage" && facts.minutePackMinutes > 0) return SETUP_ROUTES.dashboard;
  return isSetupComplete(facts) ? SETUP_ROUTES.testAgent : SETUP_ROUTES.initialSetup;
}

/** The wizard's four steps: 1 Agente de Voz, 2 Local de Atendimento, 3 Profissional, 4 Serviço. */
export type WizardStep = 1 | 2 | 3 | 4;

/**
 * spec 001 §4 "Wizard": no agent starts at step 1; an agent but no establishment at 2; then no professional at 3;
 * otherwise step 4 (also when nothing is missing: the wizard stays on the last step).
 */
export function wizardStartStep(facts: SetupFacts): WizardStep {
  if (!facts.hasVoiceAgent) return 1;
  if (facts.establishments === 0) return 2;
  if (facts.professionals === 0) return 3;
  return 4;
}
