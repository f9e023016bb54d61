import { useRouter } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { Button } from "../../components/ui/button";

/**
 * 'Voltar' to the previous page (spec 000 §2 "Legal pages", "/base-conhecimento"). A page opened directly (no
 * history of ours behind it) goes to the landing page instead of leaving the site.
 */
export function BackButton() {
  const router = useRouter();
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="-ml-3"
      onClick={() => {
        if (router.history.canGoBack()) router.history.back();
        else void router.navigate({ to: "/" });
      }}
    >
      <ArrowLeft aria-hidden="true" />
      Voltar
    </Button>
  );
}
