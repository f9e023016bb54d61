// Date and time fields in the product's pt-BR formats whatever the browser's language (docs/decisions/
// 0044-dashboard-details.md): a native `type="date"` or `type="time"` shows 11/28/2026 and 09:00 AM in an English
// browser, so these are text fields masked as dd/mm/aaaa and hh:mm (24 h). The form keeps its own formats: the date as
// `yyyy-MM-dd`, the time as `HH:mm`, and "" while what is typed is not a whole, valid one.
import { type ComponentProps, useState } from "react";
import { Input } from "./input";

type TextProps = Omit<ComponentProps<"input">, "value" | "onChange" | "type" | "defaultValue">;

/** Digits typed so far as `dd/mm/aaaa`, the slashes added as each part starts. */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 8);
  if (digits.length > 4) return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

/** Digits typed so far as `hh:mm`. */
export function maskTime(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** `dd/mm/aaaa` as `yyyy-MM-dd`, or "" when it is not a whole calendar date. */
export function isoOfBrDate(text: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return "";
  const [, dd, mm, yyyy] = m;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return "";
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > daysInMonth ? "" : `${yyyy}-${mm}-${dd}`;
}

export function brOfIsoDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
}

/** `hh:mm` (00:00-23:59) as it is, else "". */
export function validTime(text: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  return m && Number(m[1]) < 24 && Number(m[2]) < 60 ? text : "";
}

/**
 * A text field that shows `format(value)` and reports `parse(text)`: while the form's value is the one the text
 * stands for (or "" for a partial text) the text is the user's; a new value from outside replaces it.
 */
function MaskedText({
  value,
  onValueChange,
  mask,
  parse,
  format,
  ...props
}: TextProps & {
  value: string;
  onValueChange: (value: string) => void;
  mask: (text: string) => string;
  parse: (text: string) => string;
  format: (value: string) => string;
}) {
  const [text, setText] = useState(() => format(value));
  const shown = format(value);
  if (parse(text) !== value && shown !== text) {
    // Adjusting state while rendering (React's documented pattern for a value derived from a prop).
    setText(shown);
  }
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      lang="pt-BR"
      value={text}
      onChange={(event) => {
        const next = mask(event.target.value);
        setText(next);
        const parsed = parse(next);
        if (parsed !== value) onValueChange(parsed);
      }}
    />
  );
}

/** A date as `dd/mm/aaaa`; `value` and `onValueChange` speak `yyyy-MM-dd` ("" until a whole valid date). */
export function DateInput(props: TextProps & { value: string; onValueChange: (value: string) => void }) {
  return (
    <MaskedText
      placeholder="dd/mm/aaaa"
      maxLength={10}
      {...props}
      mask={maskDate}
      parse={isoOfBrDate}
      format={brOfIsoDate}
    />
  );
}

/** A time of day as `hh:mm`, 24 h; `value` and `onValueChange` speak `HH:mm` ("" until a whole valid time). */
export function TimeInput(props: TextProps & { value: string; onValueChange: (value: string) => void }) {
  return (
    <MaskedText
      placeholder="hh:mm"
      maxLength={5}
      {...props}
      mask={maskTime}
      parse={validTime}
      format={validTime}
    />
  );
}
