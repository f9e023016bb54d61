import type { CallPlacedResult, CallToNumberInput } from "@atende/shared/schemas/calls";
import { Phone } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button, controlClass } from "./controls";
import { DEMO_CALL_TEXTS, DEMO_PHONE_MAX_LENGTH, demoCallNumber, demoPhoneProblem } from "./demo-call";
import { maskPhone } from "./format";
import { publicRequest } from "./public-api";
import { notify } from "./toasts";

/**
 * 'Ligar para demonstração' (spec 000 §2 "Hero", §5, §8): reveals the phone input; 'Ligar agora' asks
 * POST /calls/make-call for a call from our demo business.
 */
export function DemoCallWidget() {
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = demoPhoneProblem(phone);
    setProblem(refused);
    if (refused) {
      void notify("error", refused);
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    const input: CallToNumberInput = { toNumber: demoCallNumber(phone) };
    const answer = await publicRequest<CallPlacedResult>("POST", "/calls/make-call", input);
    setPending(false);
    if (!answer.ok) {
      // A refusal (400 number not callable, 429 limit) carries the server's pt-BR reason; a network error none.
      void notify("error", DEMO_CALL_TEXTS.unreachable, { description: answer.message });
    } else if (answer.data.success) {
      void notify("success", DEMO_CALL_TEXTS.started);
      setPhone("");
      setOpen(false);
    } else {
      // spec 000 §8: the server's reason (e.g. no telephony here) as the toast's description.
      void notify("error", DEMO_CALL_TEXTS.failed, { description: answer.data.errorMessage ?? undefined });
    }
  };

  if (!open) {
    return (
      <Button
        type="button"
        variant="secondary"
        size="lg"
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
      onSubmit={(event) => void submit(event)}
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
      <input
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
        className={controlClass("lg", "mt-2")}
      />
      {problem && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {problem}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" disabled={pending || phone.trim() === ""}>
          {pending ? "Ligando..." : "Ligar agora"}
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
