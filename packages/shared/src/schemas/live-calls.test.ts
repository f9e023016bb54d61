import { describe, expect, it } from "vitest";
import { liveActivityLabel, RECORDING_NOTICE, spokenWelcome } from "./live-calls";

describe("spokenWelcome (decision 0034)", () => {
  it("puts the recording notice before the welcome's closing question", () => {
    expect(spokenWelcome("Olá, aqui é a Lia. Como posso ajudar?", true)).toBe(
      `Olá, aqui é a Lia. ${RECORDING_NOTICE} Como posso ajudar?`,
    );
  });

  it("adds it at the end of a welcome that asks nothing, or is one question", () => {
    expect(spokenWelcome("Olá, aqui é a Lia.", true)).toBe(`Olá, aqui é a Lia. ${RECORDING_NOTICE}`);
    expect(spokenWelcome("Olá, em que posso ajudar?", true)).toBe(
      `Olá, em que posso ajudar? ${RECORDING_NOTICE}`,
    );
  });

  it("leaves the welcome as written when the notice is off", () => {
    expect(spokenWelcome("  Olá, aqui é a Lia. Como posso ajudar?  ", false)).toBe(
      "Olá, aqui é a Lia. Como posso ajudar?",
    );
  });
});

describe("liveActivityLabel", () => {
  it("names each activity in pt-BR, and an unknown one 'Atendendo'", () => {
    expect(liveActivityLabel("LOOKING_UP_SLOTS")).toBe("Consultando horários livres…");
    expect(liveActivityLabel("LISTENING")).toBe("Ouvindo");
    expect(liveActivityLabel(null)).toBe("Atendendo");
    expect(liveActivityLabel("toString")).toBe("Atendendo");
  });
});
