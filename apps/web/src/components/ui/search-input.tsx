import { Search } from "lucide-react";
import { cn } from "../../lib/cn";
import { Input } from "./input";

interface SearchInputProps {
  /** Names the box for assistive technology (it has no visible label). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** A list's search box: a magnifier inside a search input. */
export function SearchInput({ label, placeholder, value, onChange, className }: SearchInputProps) {
  return (
    <div className={cn("relative", className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
