/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API (e.g. `https://api.example.com`). Empty or absent: the SPA's own origin. */
  readonly VITE_API_BASE?: string;
  /** The business's Instagram page, linked from the public site's footer; absent: no Instagram link. */
  readonly VITE_INSTAGRAM_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
