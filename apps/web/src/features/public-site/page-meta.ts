import { useEffect } from "react";

/** Sets (or creates) one `<meta>` of the document head, selected by `name` or `property`. */
function setMeta(attribute: "name" | "property", key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * A public page's title, description and Open Graph tags (issue #11 "Fast and findable"). Client-side only for now:
 * rendering them into the HTML ahead is the prerendering step of issue #11. The previous title comes back on leave.
 */
export function usePageMeta(meta: { title: string; description: string }) {
  useEffect(() => {
    const previous = document.title;
    document.title = meta.title;
    setMeta("name", "description", meta.description);
    setMeta("property", "og:title", meta.title);
    setMeta("property", "og:description", meta.description);
    setMeta("property", "og:type", "website");
    setMeta("property", "og:locale", "pt_BR");
    setMeta("property", "og:site_name", "Atende");
    setMeta("property", "og:url", window.location.origin + window.location.pathname);
    return () => {
      document.title = previous;
    };
  }, [meta.title, meta.description]);
}
