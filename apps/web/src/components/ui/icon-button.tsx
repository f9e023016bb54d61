import type { LucideIcon } from "lucide-react";
import { Button, type ButtonProps } from "./button";
import { Tooltip } from "./tooltip";

/** An icon-only button: its label is its accessible name and its tooltip. */
export function IconButton({
  label,
  icon: Icon,
  ...props
}: ButtonProps & { label: string; icon: LucideIcon }) {
  return (
    <Tooltip content={label}>
      <Button variant="ghost" size="icon" aria-label={label} {...props}>
        <Icon aria-hidden="true" />
      </Button>
    </Tooltip>
  );
}
