import { ArrowLeft } from "lucide-react";
import { Button } from "./controls";

/**
 * Back to the page of ours the visitor came from, else to the landing page: a page opened directly (a link from
 * elsewhere, typed, bookmarked) must not send the visitor off the site (spec 000 §2 "Legal pages",
 * "/base-conhecimento"). The public pages are reached by full navigations, so the referrer tells where from.
 */
export function goBackOrHome() {
  const referrer = document.referrer ? new URL(document.referrer) : undefined;
  if (referrer?.origin === window.location.origin && window.history.length > 1) window.history.back();
  else window.location.assign("/");
}

/** 'Voltar' (spec 000 §2). */
export function BackButton() {
  return (
    <Button type="button" variant="ghost" size="sm" className="-ml-3" onClick={goBackOrHome}>
      <ArrowLeft aria-hidden="true" />
      Voltar
    </Button>
  );
}
