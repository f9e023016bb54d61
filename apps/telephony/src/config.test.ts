// The gateway's speech settings: Google's adapters with a key or a fake's endpoint, the defaults without; the fakes'
// endpoints refused in production.
import { describe, expect, it } from "vitest";
import { gatewayEnv, googleSpeechAccess, googleTtsAccess, parseGatewayEnv } from "./config";

describe("speech provider settings", () => {
  it("without a key, no recogniser and eSpeak (the defaults)", () => {
    const env = gatewayEnv.parse({});
    expect(googleSpeechAccess(env)).toBeNull();
    expect(googleTtsAccess(env)).toBeNull();
    expect(env.GOOGLE_SPEECH_MODEL).toBe("telephony");
    // As .env.example leaves them: empty is unset.
    const copied = parseGatewayEnv({ GOOGLE_APPLICATION_CREDENTIALS: "", GOOGLE_SPEECH_ENDPOINT: "" });
    expect(copied.success && googleSpeechAccess(copied.data)).toBeNull();
  });

  it("with GOOGLE_APPLICATION_CREDENTIALS, both of Google's adapters with the key file", () => {
    const env = gatewayEnv.parse({ GOOGLE_APPLICATION_CREDENTIALS: "/etc/atende/google.json" });
    expect(googleSpeechAccess(env)).toEqual({ keyFilename: "/etc/atende/google.json" });
    expect(googleTtsAccess(env)).toEqual({ keyFilename: "/etc/atende/google.json" });
  });

  it("a fake's endpoint selects that adapter outside production, and is refused in production", () => {
    const env = gatewayEnv.parse({ NODE_ENV: "test", GOOGLE_SPEECH_ENDPOINT: "127.0.0.1:50051" });
    expect(googleSpeechAccess(env)).toEqual({ endpoint: "127.0.0.1:50051" });
    expect(googleTtsAccess(env)).toBeNull();
    const production = gatewayEnv.safeParse({
      NODE_ENV: "production",
      GOOGLE_APPLICATION_CREDENTIALS: "/etc/atende/google.json",
      GOOGLE_SPEECH_ENDPOINT: "127.0.0.1:50051",
      GOOGLE_TTS_ENDPOINT: "127.0.0.1:50052",
    });
    expect(production.success).toBe(false);
    expect(production.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["GOOGLE_SPEECH_ENDPOINT", "só para testes; recusado em produção"],
      ["GOOGLE_TTS_ENDPOINT", "só para testes; recusado em produção"],
    ]);
    expect(gatewayEnv.safeParse({ GOOGLE_TTS_ENDPOINT: "http://localhost" }).success).toBe(false);
  });
});
