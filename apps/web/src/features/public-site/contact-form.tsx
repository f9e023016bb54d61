import type { ContactInput, ContactResult } from "@atende/shared/schemas/contact";
import { type FormEvent, useRef, useState } from "react";
import {
  CONTACT_FIELDS,
  CONTACT_TEXTS,
  type ContactField,
  contactFailureText,
  SEGMENT_OPTIONS,
} from "./contact-texts";
import { Button, controlClass, cx, Field } from "./controls";
import { maskPhone } from "./format";
import { publicRequest } from "./public-api";
import { notify } from "./toasts";

type Fields = Record<ContactField | "website", string>;
type FieldName = ContactField;
const EMPTY: Fields = { name: "", phone: "", email: "", segment: "", message: "", website: "" };

/**
 * The contact form (spec 000 §2 "Contact", §5 "Contact form", §8 "Contact"), sent to POST /contact. The server checks
 * it with its schema (one rule, one pt-BR message, and no schema library on the page): a refusal's issues go back on
 * their fields, the first of them focused.
 */
export function ContactForm() {
  const [values, setValues] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (name: keyof Fields, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (name !== "website") setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    setPending(true);
    const input: ContactInput = {
      ...values,
      message: values.message || undefined,
      website: values.website || undefined,
    };
    const answer = await publicRequest<ContactResult>("POST", "/contact", input);
    setPending(false);
    if (answer.ok) {
      setErrors({});
      setStatus({ ok: true, text: answer.data.message || CONTACT_TEXTS.sent });
      void notify("success", CONTACT_TEXTS.sentTitle, { description: CONTACT_TEXTS.sentDescription });
      setValues(EMPTY);
      return;
    }
    const found: Partial<Record<FieldName, string>> = {};
    for (const field of CONTACT_FIELDS) found[field] = answer.issues[field];
    setErrors(found);
    const first = CONTACT_FIELDS.find((f) => found[f]);
    if (first) {
      // A refused field is the form's own check (spec 000 §5): its text under the field, the first one focused.
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setStatus({ ok: false, text: contactFailureText(answer.message, answer.status) });
    void notify("error", CONTACT_TEXTS.failedTitle, {
      description: answer.message ? CONTACT_TEXTS.failedDescription : CONTACT_TEXTS.unexpectedDescription,
    });
  };

  const control = (name: FieldName) => ({ name, value: values[name] });

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      // Without JavaScript nothing is sent (see below); POST keeps what was typed out of the address bar.
      method="post"
      noValidate
      aria-labelledby="contato-titulo-form"
      className="grid gap-4 sm:grid-cols-2"
    >
      <h3 id="contato-titulo-form" className="sr-only">
        Formulário de contato
      </h3>
      <noscript>
        <p className="text-sm text-slate-700 sm:col-span-2">
          Para enviar a mensagem, ative o JavaScript do navegador.
        </p>
      </noscript>
      <Field label="Nome" required error={errors.name}>
        {(p) => (
          <input
            {...p}
            {...control("name")}
            className={controlClass("md")}
            autoComplete="name"
            maxLength={120}
            onChange={(e) => set("name", e.target.value)}
          />
        )}
      </Field>
      <Field label="Telefone" required error={errors.phone}>
        {(p) => (
          <input
            {...p}
            {...control("phone")}
            className={controlClass("md")}
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
          <input
            {...p}
            {...control("email")}
            className={controlClass("md")}
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
            className={controlClass("md")}
            onChange={(e) => set("segment", e.target.value)}
          >
            <option value="">Selecione</option>
            {SEGMENT_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Mensagem" error={errors.message} className="sm:col-span-2">
        {(p) => (
          <textarea
            {...p}
            {...control("message")}
            className={controlClass("area")}
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
        <Button type="submit" size="tall" disabled={pending} className="w-full sm:w-auto sm:self-start">
          {pending ? "Enviando..." : "Enviar mensagem"}
        </Button>
        <p role="status" className={cx("text-sm", status?.ok ? "text-teal-800" : "text-red-700")}>
          {status?.text}
        </p>
      </div>
    </form>
  );
}
