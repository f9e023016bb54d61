import { BILLING_CONSTANTS } from "@atende/shared/billing";
import { formatBrl } from "@atende/shared/format";
import type { MinutePackOffer } from "@atende/shared/schemas/billing";
import { useId } from "react";
import { packMinutes, packPriceInCents } from "./choices";

/**
 * The minute pack slider (spec 000 §5): the offer's bounds, steps of 50, with the minutes and the total price beside
 * it. A native range input: arrow keys, Page Up/Down, Home and End work, and screen readers hear the minutes.
 */
export function MinutePackSlider({
  offer,
  value,
  onChange,
  disabled = false,
}: {
  offer: MinutePackOffer;
  value: number;
  onChange: (minutes: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const minutes = packMinutes(value, offer);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Quantidade de minutos
        </label>
        <output htmlFor={id} className="text-sm font-semibold text-slate-900" aria-live="polite">
          {minutes} minutos
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={offer.minMinutes}
        max={offer.maxMinutes}
        step={BILLING_CONSTANTS.packStep}
        value={minutes}
        disabled={disabled}
        aria-valuetext={`${minutes} minutos, ${formatBrl(packPriceInCents(minutes, offer))}`}
        onChange={(event) => onChange(packMinutes(Number(event.target.value), offer))}
        className="h-2 w-full cursor-pointer accent-teal-700 disabled:cursor-not-allowed"
      />
      <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{offer.minMinutes} min</span>
        <span>{offer.maxMinutes} min</span>
      </div>
      <p className="flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <span>Total ({formatBrl(offer.pricePerMinuteInCents)} por minuto)</span>
        <span className="text-lg font-semibold text-slate-900" data-testid="pack-total">
          {formatBrl(packPriceInCents(minutes, offer))}
        </span>
      </p>
    </div>
  );
}

/** What the 'Pack Avulso' card promises (spec 000 §9). */
export const PACK_FEATURES = [
  "Pagamento único",
  "Os minutos não expiram",
  "Combine com qualquer plano",
] as const;
