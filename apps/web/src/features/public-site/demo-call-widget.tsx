import { maskPhone } from "@atende/shared/format";
import { useMutation } from "@tanstack/react-query";
import { Phone } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { DEMO_CALL_TEXTS, DEMO_PHONE_MAX_LENGTH, demoCallNumber, demoPhoneProblem } from "./demo-call";

/**
 * 'Ligar para demonstração' (spec 000 §2 "Hero", §5, §8): reveals the phone input; 'Ligar agora' asks
 * `calls.makeCall` (POST /calls/make-call) for a call from our demo business.
 */
export function DemoCallWidget() {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const call = useMutation(trpc.calls.makeCall.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = demoPhoneProblem(phone);
    setProblem(refused);
    if (refused) {
      toast.error(refused);
      inputRef.current?.focus();
      return;
    }
    call.mutate(
      { toNumber: demoCallNumber(phone) },
      {
        onSuccess: (result) => {
          if (result.success) {
            toast.success(DEMO_CALL_TEXTS.started);
            setPhone("");
            setOpen(false);
          } else {
            // spec 000 §8: the server's reason (e.g. no telephony here) as the toast's description.
            toast.error(DEMO_CALL_TEXTS.failed, { description: result.errorMessage ?? undefined });
          }
        },
        // A refusal (400 number not callable, 429 limit) carries the server's pt-BR reason; a network error none.
        onError: (error) => toast.error(DEMO_CALL_TEXTS.unreachable, { description: serverMessageOf(error) }),
      },
    );
  };

  if (!open) {
    return (
      <Button
        type="button"
        variant="secondary"
        className="h-12 px-6 text-base"
        onClick={() => {
          setOpen(true);
          // Focus moves to the revealed input (keyboard and screen-reader users land where they type).
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
      >
        <Phone aria-hidden="true" />
        Ligar para demonstração
      </Button>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Ligação de demonstração"
      className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Seu telefone
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Nosso agente liga para você em instantes.
      </p>
      <Input
        ref={inputRef}
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(00) 00000-0000"
        maxLength={DEMO_PHONE_MAX_LENGTH}
        value={phone}
        onChange={(e) => {
          setPhone(maskPhone(e.target.value));
          setProblem(null);
        }}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
        className="mt-2 h-11 text-base"
      />
      {problem && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {problem}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" disabled={call.isPending || phone.trim() === ""}>
          {call.isPending ? "Ligando..." : "Ligar agora"}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setOpen(false);
            setPhone("");
            setProblem(null);
          }}
        >
          Cancelar
        </Button>
      </div>
    </form>
  );
}
