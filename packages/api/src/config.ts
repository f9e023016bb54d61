/** What the API layer needs to know about its deployment; apps/server builds it from the validated environment. */
export interface ApiConfig {
  nodeEnv: "development" | "production" | "test";
  /** The server's own origin, e.g. http://localhost:3000. */
  serverOrigin: string;
  /** Origins allowed as `frontend_host` and for CORS. */
  frontendOrigins: readonly string[];
  /** HS256 key for access tokens. */
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Lower-cased e-mails of the super-admins. */
  superAdminEmails: ReadonlySet<string>;
  google:
    | {
        clientId: string;
        clientSecret: string;
        /** Test-only endpoints of a fake OAuth 2.0 server; refused in production by the environment check. */
        authorizationEndpoint?: string | undefined;
        tokenEndpoint?: string | undefined;
        userInfoEndpoint?: string | undefined;
      }
    | undefined;
  allowClockOverride: boolean;
  /** Where media streams connect (TELEPHONY_PUBLIC_URL), e.g. ws://localhost:3001; `/media-stream` is added. */
  telephonyPublicUrl: string;
  /** Address suggestions through Google Places Autocomplete (New); undefined without GOOGLE_MAPS_API_KEY. */
  places: PlacesConfig | undefined;
  /** The embedded recordings store: a folder of WAV files (DATA_DIR/recordings; a temporary folder in tests). */
  recordingsDir: string;
}

export interface PlacesConfig {
  apiKey: string;
  /** https://places.googleapis.com; a local fake's origin in tests (refused in production by the environment check). */
  baseUrl: string;
  /** How long a suggestion may take before the caller gets a 504 and types the address by hand. */
  timeoutMs: number;
}

export function isProduction(config: ApiConfig): boolean {
  return config.nodeEnv === "production";
}
