import { maskPhone } from "@atende/shared/format";
import { CONTACT_MESSAGES, CONTACT_SEGMENTS, ContactInput } from "@atende/shared/schemas/contact";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { controlClass, Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { cn } from "../../lib/cn";
import { httpStatusOf, serverIssuesOf, serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { CONTACT_TEXTS, contactFailureText } from "./contact-texts";

type Fields = {
  name: string;
  phone: string;
  email: string;
  segment: string;
  message: string;
  website: string;
};
type FieldName = keyof Omit<Fields, "website">;
const EMPTY: Fields = { name: "", phone: "", email: "", segment: "", message: "", website: "" };

/**
 * The contact form (spec 000 §2 "Contact", §5 "Contact form", §8 "Contact"): checked with the server's own schema
 * before sending, sent through `contact.send` (POST /contact), its refusals put back on their fields.
 */
export function ContactForm() {
  const trpc = useTRPC();
  const [values, setValues] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useMutation(trpc.contact.send.mutationOptions());
  const formRef = useRef<HTMLFormElement>(null);

  const set = (name: keyof Fields, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (name !== "website") setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const focusFirst = (found: Partial<Record<FieldName, string>>) => {
    const first = (["name", "phone", "email", "segment", "message"] as const).find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const parsed = ContactInput.safeParse({ ...values, message: values.message || undefined });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= issue.message;
      }
      setErrors(found);
      focusFirst(found);
      return;
    }
    send.mutate(
      { ...values, message: values.message || undefined, website: values.website || undefined },
      {
        onSuccess: (result) => {
          setStatus({ ok: true, text: result.message || CONTACT_MESSAGES.sent });
          toast.success(CONTACT_TEXTS.sentTitle, { description: CONTACT_TEXTS.sentDescription });
          setValues(EMPTY);
        },
        onError: (error) => {
          const issues = serverIssuesOf(error) as Partial<Record<FieldName, string>>;
          if (Object.keys(issues).length > 0) {
            setErrors(issues);
            focusFirst(issues);
          }
          const server = serverMessageOf(error);
          setStatus({ ok: false, text: contactFailureText(server, httpStatusOf(error)) });
          toast.error(CONTACT_TEXTS.failedTitle, {
            description: server ? CONTACT_TEXTS.failedDescription : CONTACT_TEXTS.unexpectedDescription,
          });
        },
      },
    );
  };

  const control = (name: FieldName) => ({ name, value: values[name] });

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="contato-titulo-form"
      className="grid gap-4 sm:grid-cols-2"
    >
      <h3 id="contato-titulo-form" className="sr-only">
        Formulário de contato
      </h3>
      <Field label="Nome" required error={errors.name}>
        {(p) => (
          <Input
            {...p}
            {...control("name")}
            autoComplete="name"
            maxLength={120}
            onChange={(e) => set("name", e.target.value)}
          />
        )}
      </Field>
      <Field label="Telefone" required error={errors.phone}>
        {(p) => (
          <Input
            {...p}
            {...control("phone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(00) 00000-0000"
            maxLength={15}
            onChange={(e) => set("phone", maskPhone(e.target.value))}
          />
        )}
      </Field>
      <Field label="Email" required error={errors.email}>
        {(p) => (
          <Input
            {...p}
            {...control("email")}
            type="email"
            autoComplete="email"
            maxLength={254}
            onChange={(e) => set("email", e.target.value)}
          />
        )}
      </Field>
      <Field label="Segmento" required error={errors.segment}>
        {(p) => (
          <select
            {...p}
            {...control("segment")}
            className={cn(controlClass, "h-10")}
            onChange={(e) => set("segment", e.target.value)}
          >
            <option value="">Selecione</option>
            {CONTACT_SEGMENTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Mensagem" error={errors.message} className="sm:col-span-2">
        {(p) => (
          <Textarea
            {...p}
            {...control("message")}
            rows={4}
            maxLength={2000}
            onChange={(e) => set("message", e.target.value)}
          />
        )}
      </Field>
      {/* The spam trap (docs/decisions/0025-public-site.md): off screen, out of the tab order, hidden from
          assistive technology; people leave it empty, form-filling bots do not. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contato-website">Site</label>
        <input
          id="contato-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => set("website", e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <Button type="submit" disabled={send.isPending} className="h-11 w-full sm:w-auto sm:self-start">
          {send.isPending ? "Enviando..." : "Enviar mensagem"}
        </Button>
        <p role="status" className={cn("text-sm", status?.ok ? "text-teal-800" : "text-red-700")}>
          {status?.text}
        </p>
      </div>
    </form>
  );
}
