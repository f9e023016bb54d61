import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { AuthenticationError } from "./auth-client";
import { shouldRetry } from "./query-client";

const trpcError = (httpStatus: number) =>
  TRPCClientError.from({ error: { message: "x", code: -32001, data: { code: "X", httpStatus } } });

describe("when a query is asked again", () => {
  it("asks once more after an UNAUTHORIZED item of a batch (the token expired on its way)", () => {
    expect(shouldRetry(0, trpcError(401))).toBe(true);
    expect(shouldRetry(1, trpcError(401))).toBe(false);
  });

  it("never after another refusal or a lost session; twice after a server failure", () => {
    expect(shouldRetry(0, trpcError(404))).toBe(false);
    expect(shouldRetry(0, new AuthenticationError())).toBe(false);
    expect(shouldRetry(1, trpcError(500))).toBe(true);
    expect(shouldRetry(2, trpcError(500))).toBe(false);
  });
});
