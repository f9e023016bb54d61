// Validation without zod's asynchronous path (decision 0054): the same answers as `parseAsync` (undeclared fields
// stripped, the same errors, asynchronous refinements still run), through a real tRPC caller, and every procedure of
// the app router built with it.
import { initTRPC, TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appRouter } from "./root";
import { isSyncFirst, syncFirst, syncParsing } from "./sync-parse";

const Patient = z.object({ id: z.string(), name: z.string().min(2) });

describe("syncFirst", () => {
  it("answers as parseAsync: undeclared fields stripped, the same issues on a bad value", async () => {
    const plain = z.array(Patient);
    const fast = syncFirst(z.array(Patient));
    const good = [{ id: "1", name: "Maria", tenantId: "another tenant", passwordHash: "x" }];
    expect(await fast.parseAsync(good)).toEqual([{ id: "1", name: "Maria" }]);
    expect(await fast.parseAsync(good)).toEqual(await plain.parseAsync(good));
    const bad = [{ id: 1, name: "M" }];
    const issues = async (p: Promise<unknown>) =>
      p.then(
        () => "accepted",
        (error: unknown) => (error instanceof z.ZodError ? error.issues : "not a ZodError"),
      );
    expect(await issues(fast.parseAsync(bad))).toEqual(await issues(plain.parseAsync(bad)));
    expect(await issues(fast.parseAsync(bad))).toHaveLength(2);
  });

  it("still runs an asynchronous refinement (falls back to the asynchronous parse)", async () => {
    const taken = new Set(["ana@exemplo.com"]);
    const Email = syncFirst(
      z
        .object({ email: z.string() })
        .refine(async (v) => !taken.has(v.email), { message: "E-mail já usado" }),
    );
    expect(await Email.parseAsync({ email: "bia@exemplo.com" })).toEqual({ email: "bia@exemplo.com" });
    await expect(Email.parseAsync({ email: "ana@exemplo.com" })).rejects.toThrow("E-mail já usado");
  });
});

describe("syncParsing through a tRPC caller", () => {
  const t = initTRPC.create();
  const procedure = syncParsing(t.procedure.use(({ next }) => next()));
  // What the handler answers, possibly not what the schema declares (as a mistaken service would).
  const answers: { value: unknown } = { value: [] };
  const caller = t.createCallerFactory(
    t.router({
      list: procedure
        .input(z.object({ search: z.string().max(5) }))
        .output(z.array(Patient))
        .query(() => answers.value as z.infer<typeof Patient>[]),
    }),
  )({});

  it("strips what the output schema does not declare, refuses a bad output and a bad input", async () => {
    answers.value = [{ id: "1", name: "Maria", tenantId: "t1" }];
    expect(await caller.list({ search: "Ma" })).toEqual([{ id: "1", name: "Maria" }]);
    answers.value = [{ id: "1" }];
    await expect(caller.list({ search: "Ma" })).rejects.toMatchObject({
      code: "INTERNAL_SERVER_ERROR",
      message: "Output validation failed",
    });
    await expect(caller.list({ search: "too long" })).rejects.toBeInstanceOf(TRPCError);
    await expect(caller.list({ search: "too long" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("the app router", () => {
  it("validates every procedure's input and output synchronously first", () => {
    const procedures = { ...appRouter._def.procedures } as unknown as Record<
      string,
      { _def: { inputs: unknown[]; output?: unknown } }
    >;
    const missed: string[] = [];
    let outputs = 0;
    for (const [path, { _def }] of Object.entries(procedures)) {
      for (const input of _def.inputs) if (!isSyncFirst(input)) missed.push(`${path} input`);
      if (_def.output !== undefined) {
        outputs++;
        if (!isSyncFirst(_def.output)) missed.push(`${path} output`);
      }
    }
    expect(outputs).toBeGreaterThan(40);
    expect(missed).toEqual([]);
  });
});
