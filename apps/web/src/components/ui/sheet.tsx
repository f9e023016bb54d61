import { X } from "lucide-react";
import { Dialog as SheetPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

const sides = {
  left: "inset-y-0 left-0 h-full w-72 max-w-[85vw] data-[state=open]:animate-[sheet-in-left_200ms_ease-out]",
  right:
    "inset-y-0 right-0 h-full w-80 max-w-[85vw] data-[state=open]:animate-[sheet-in-right_200ms_ease-out]",
  bottom:
    "inset-x-0 bottom-0 max-h-[85dvh] rounded-t-2xl data-[state=open]:animate-[sheet-in-bottom_200ms_ease-out]",
} as const;

interface SheetContentProps extends ComponentProps<typeof SheetPrimitive.Content> {
  side?: keyof typeof sides;
  /** The accessible name; shown as the heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  closeLabel?: string;
}

/** A modal panel sliding in from an edge: a drawer (left or right) or a bottom sheet. */
export function SheetContent({
  side = "right",
  title,
  hideTitle = false,
  closeLabel = "Fechar",
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
      <SheetPrimitive.Content
        aria-describedby={undefined}
        className={cn(
          "fixed z-50 flex flex-col bg-white shadow-xl motion-reduce:animate-none",
          sides[side],
          className,
        )}
        {...props}
      >
        <SheetPrimitive.Title className={hideTitle ? "sr-only" : "px-4 pt-4 text-lg font-semibold"}>
          {title}
        </SheetPrimitive.Title>
        {children}
        {!hideTitle && (
          <SheetPrimitive.Close
            aria-label={closeLabel}
            className="absolute top-3 right-3 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-5" />
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
