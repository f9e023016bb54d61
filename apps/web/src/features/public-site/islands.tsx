// The landing page's islands (decision 0026): the only parts of it that run in the browser, the navigation's menu, the
// demo call and the contact form. The server renders the page as plain HTML and each island apart, as its own React
// root (src/public/render.tsx); the browser hydrates the islands alone (src/public/landing.client.tsx), so the
// sections that only show text (how it works, features, pricing, footer) cost no script at all.
import { createContext, useContext } from "react";
import { ContactForm } from "./contact-form";
import { DemoCallWidget } from "./demo-call-widget";
import { PublicHeader } from "./public-header";

export const LANDING_ISLANDS = {
  header: PublicHeader,
  demoCall: DemoCallWidget,
  contact: ContactForm,
} as const;
export type IslandName = keyof typeof LANDING_ISLANDS;

export const isIslandName = (value: string | undefined): value is IslandName =>
  value !== undefined && Object.hasOwn(LANDING_ISLANDS, value);

/** The React root of an island: ids of `useId` start with its name, so no two roots' ids meet in the page. */
export const islandIdPrefix = (name: IslandName) => `${name}-`;

/**
 * Set by the server renderer: records each island met, which is then rendered apart into its placeholder. Absent
 * in the browser (the single-page app's copy of the page renders the islands in place).
 */
export const IslandCollector = createContext<((name: IslandName) => void) | null>(null);

/** An island's box: `display: contents`, so it adds nothing to the layout around the island. */
export function Island({ name }: { name: IslandName }) {
  const collect = useContext(IslandCollector);
  if (collect) {
    collect(name);
    return <div data-island={name} className="contents" />;
  }
  const Component = LANDING_ISLANDS[name];
  return (
    <div data-island={name} className="contents">
      <Component />
    </div>
  );
}
