// In the browser: the data the server (or the build) wrote into the page for hydration (document.ts).
import { PAGE_DATA_ID } from "./document";

export function readPageData<T>(): T {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) throw new Error(`#${PAGE_DATA_ID} is missing from the page`);
  // Written by dataScript from a value of type T (src/public/render.tsx).
  return JSON.parse(element.textContent) as T;
}

export function pageRoot(): HTMLElement {
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from the page");
  return root;
}
