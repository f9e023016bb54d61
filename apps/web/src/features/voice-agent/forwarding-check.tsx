import type { ForwardingNumberCheckInput } from "@atende/shared/schemas/voice-agent";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";

type Channel = NonNullable<ForwardingNumberCheckInput["channel"]>;

/** spec 000 §5 "Forwarding tests": the titles of the notice, by channel. */
const TITLES: Record<Channel, string> = { PHONE: "Telefone", WHATSAPP: "WhatsApp" };

interface Outcome {
  valid: boolean;
  text: string;
  /** What the test call did: placed, or why none was (no Twilio); null for WhatsApp, which is only checked. */
  call: string | null;
}

/**
 * 'Testar' next to a forwarding number (spec 000 §2, §5). It checks the number against Brazil's number plan on the
 * server (voiceAgent.checkForwardingNumber) and says what that check found; for a valid phone it then asks the server
 * for a short test call (voiceAgent.callForwardingNumber: with Twilio a pt-BR test line rings that phone; without,
 * the answer says no call was made).
 */
export function ForwardingCheck({
  channel,
  phoneNumber,
  describedById,
}: {
  channel: Channel;
  phoneNumber: string;
  describedById: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const testCall = useMutation(trpc.voiceAgent.callForwardingNumber.mutationOptions());
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [checkedNumber, setCheckedNumber] = useState<string | null>(null);
  const empty = phoneNumber.trim() === "";

  async function check() {
    setPending(true);
    try {
      const result = await queryClient.fetchQuery(
        trpc.voiceAgent.checkForwardingNumber.queryOptions({ phoneNumber, channel }, { staleTime: 0 }),
      );
      // The server's message already says whether the number can take WhatsApp.
      const text = result.message;
      const call =
        result.valid && channel === "PHONE"
          ? ((await testCall.mutateAsync({ phoneNumber, channel }).catch(() => null))?.message ??
            "Não foi possível fazer a ligação de teste.")
          : null;
      setOutcome({ valid: result.valid, text, call });
      setCheckedNumber(phoneNumber);
      if (result.valid)
        toast.success(`${TITLES[channel]} verificado`, { id: "forwarding-check", description: text });
      else toast.error(`${TITLES[channel]} inválido`, { id: "forwarding-check", description: text });
    } catch (error) {
      const text = serverMessageOf(error) ?? "Não foi possível verificar o número. Tente novamente.";
      setOutcome({ valid: false, text, call: null });
      setCheckedNumber(phoneNumber);
      toast.error(`${TITLES[channel]} não verificado`, { id: "forwarding-check", description: text });
    } finally {
      setPending(false);
    }
  }

  // A result speaks only for the number it checked.
  const shown = outcome && checkedNumber === phoneNumber ? outcome : null;
  const Icon = shown?.valid ? CircleCheck : CircleAlert;

  return (
    <>
      <Button
        variant="secondary"
        onClick={check}
        disabled={empty || pending}
        aria-describedby={describedById}
        className="h-10"
      >
        {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        Testar
      </Button>
      <p id={describedById} role="status" className="basis-full text-xs text-slate-600">
        {shown ? (
          <span className={`flex items-start gap-1.5 ${shown.valid ? "text-emerald-800" : "text-red-700"}`}>
            <Icon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <span>
              {shown.text} Verificamos o DDD e o formato no plano de numeração brasileiro.{" "}
              {shown.call ?? "Nenhuma ligação foi feita."}
            </span>
          </span>
        ) : null}
      </p>
    </>
  );
}
