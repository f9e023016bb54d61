// The establishment form's address with Google Places suggestions through our server (spec 001 §2, §9;
// docs/architecture.md): from 3 typed characters, 300 ms after typing pauses; arrow keys move, Enter picks, Escape
// closes (downshift's ARIA 1.2 combobox). Without a key on the server, or while Google fails, it is the plain input
// it always is underneath: whatever is typed is the address.
import { PLACES_MIN_INPUT, type PlaceSuggestion } from "@atende/shared/schemas/places";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCombobox } from "downshift";
import { MapPin } from "lucide-react";
import { type Ref, useState } from "react";
import type { FieldControlProps } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { useDebouncedValue } from "../../lib/use-debounced-value";

/** How long typing must pause before suggestions are asked for (spec 001 §9). */
const SUGGEST_PAUSE_MS = 300;

interface AddressInputProps extends FieldControlProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  inputRef: Ref<HTMLInputElement>;
}

/** A fresh token groups one person's keystrokes into one billed Google session, until a suggestion is picked. */
const newSessionToken = () => crypto.randomUUID();

export function AddressInput({ value, onChange, onBlur, name, inputRef, id, ...aria }: AddressInputProps) {
  const trpc = useTRPC();
  const [sessionToken, setSessionToken] = useState(newSessionToken);
  // Only what the person types is looked up, not the saved address an edit form opens with.
  const [typed, setTyped] = useState(false);
  const term = useDebouncedValue(value.trim(), SUGGEST_PAUSE_MS);
  const lookup = useQuery(
    trpc.places.autocomplete.queryOptions(
      { input: term, sessionToken },
      {
        enabled: typed && term.length >= PLACES_MIN_INPUT,
        staleTime: 5 * 60_000,
        retry: false,
        // The list stays while the next keystrokes are looked up, instead of flickering shut.
        placeholderData: keepPreviousData,
      },
    ),
  );
  const suggestions: PlaceSuggestion[] =
    typed && value.trim().length >= PLACES_MIN_INPUT && lookup.data?.enabled ? lookup.data.suggestions : [];

  const combobox = useCombobox<PlaceSuggestion>({
    items: suggestions,
    inputId: id,
    // Downshift owns the text while typing (a controlled value arrives a render late and loses keystrokes); every
    // change, typed or picked, is handed to the form.
    initialInputValue: value,
    itemToString: (item) => item?.description ?? "",
    itemToKey: (item) => item?.placeId,
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setTyped(true);
      onChange(inputValue);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setTyped(false);
      setSessionToken(newSessionToken());
    },
  });
  const open = combobox.isOpen && suggestions.length > 0;

  return (
    <div className="relative">
      <Input
        {...combobox.getInputProps({
          ...aria,
          name,
          ref: inputRef,
          onBlur,
          // Named by the field's <label htmlFor>, not by a label element of downshift's.
          "aria-labelledby": undefined,
        })}
      />
      <ul
        {...combobox.getMenuProps({ "aria-label": "Sugestões de lugares" })}
        className={cn(
          "absolute inset-x-0 top-full z-50 mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg",
          !open && "hidden",
        )}
      >
        {open &&
          suggestions.map((suggestion, index) => (
            <li
              key={suggestion.placeId}
              {...combobox.getItemProps({ item: suggestion, index })}
              className={cn(
                "flex cursor-pointer items-start gap-2 px-3 py-2 text-sm",
                combobox.highlightedIndex === index && "bg-blue-50",
              )}
            >
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{suggestion.mainText}</span>
                {suggestion.secondaryText && (
                  <span className="block text-xs text-slate-600">{suggestion.secondaryText}</span>
                )}
              </span>
            </li>
          ))}
      </ul>
      {typed && lookup.isError && (
        <p role="status" className="mt-1 text-xs text-slate-600">
          {serverMessageOf(lookup.error) ??
            "Sugestões de endereço indisponíveis. Digite o endereço manualmente."}
        </p>
      )}
    </div>
  );
}
