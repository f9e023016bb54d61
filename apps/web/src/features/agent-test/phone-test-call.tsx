import { maskPhone } from "@atende/shared/format";
import { TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, PhoneIncoming, RotateCcw } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";

/** spec 001 §9 "Test call": the answers of a call that was not placed, and of one that was. */
export const TEST_CALL_FAILED = "Erro ao realizar teste. Tente novamente.";
export const TEST_CALL_UNREACHABLE = "Erro ao conectar com o serviço. Tente novamente.";
export const TEST_CALL_PLACED = "Teste realizado com sucesso!";

/**
 * The test call to the user's own phone (spec 001 §2 "A phone field to receive a test call", §5 "Test call"), offered
 * beside the browser call when the installation has Twilio (docs/decisions/0019-twilio.md): 10 or 11 digits, sent as
 * +55 and the national digits; success says 'Teste realizado com sucesso!' and asks what the user thought of the
 * agent, then 'Teste concluído!' with 'Testar Novamente'.
 */
export function PhoneTestCall({ onCompleted }: { onCompleted?: () => void }) {
  const trpc = useTRPC();
  const testCall = useMutation(trpc.voiceAgent.testCall.mutationOptions());
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const digits = phone.replace(/\D/g, "");
    if (digits.length !== 10 && digits.length !== 11) {
      setError(TELEPHONY_MESSAGES.invalidNumber);
      return;
    }
    setError(undefined);
    try {
      const result = await testCall.mutateAsync({ toNumber: `+55${digits}` });
      if (!result.success) {
        toast.error(result.errorMessage ?? TEST_CALL_FAILED);
        return;
      }
      toast.success(TEST_CALL_PLACED, {
        description: "Atenda a ligação no seu telefone. O que você achou do agente?",
      });
      setDone(true);
      onCompleted?.();
    } catch (failure) {
      // A refusal has the server's words (the field's check, the day's limit); a lost connection, the spec's.
      const message = serverMessageOf(failure);
      if (message === TELEPHONY_MESSAGES.invalidNumber || message === TELEPHONY_MESSAGES.numberRequired)
        setError(message);
      else toast.error(message ?? TEST_CALL_UNREACHABLE);
    }
  }

  if (done)
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
        <p className="flex items-center gap-2 font-semibold text-emerald-900">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          Teste concluído!
        </p>
        <p className="text-sm text-emerald-900">
          Ligamos para {phone}. O que você achou do atendimento do agente?
        </p>
        <Button variant="secondary" onClick={() => setDone(false)}>
          <RotateCcw aria-hidden="true" />
          Testar Novamente
        </Button>
      </div>
    );

  return (
    <form noValidate onSubmit={submit} aria-labelledby="phone-test-title" className="flex flex-col gap-3">
      <h3 id="phone-test-title" className="flex items-center gap-2 font-medium text-slate-900">
        <PhoneIncoming aria-hidden="true" className="size-5 text-teal-700" />
        Receber a ligação no seu telefone
      </h3>
      <p className="text-sm text-slate-600">
        O agente liga para o número informado, como um cliente ouviria.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Seu telefone" error={error} className="sm:flex-1">
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(11) 98765-4321"
              value={phone}
              onChange={(event) => {
                setPhone(maskPhone(event.target.value));
                setError(undefined);
              }}
            />
          )}
        </Field>
        <Button type="submit" disabled={testCall.isPending} className="sm:mt-6">
          {testCall.isPending ? "Ligando..." : "Receber ligação"}
        </Button>
      </div>
    </form>
  );
}
