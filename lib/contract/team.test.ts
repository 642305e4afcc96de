/**
 * The sign-in form validates with `signInSchema` in the browser, where zod's mini build loads no
 * locale: every message the form can show must come from the schema itself. This file imports no
 * server module, so no locale is loaded here either, as in the browser.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { signInSchema } from "./team";

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const resolve = (values: { email: string; password: string }) =>
  zodResolver(signInSchema)(values, undefined, options);

describe("signInSchema without a locale", () => {
  it("runs with no locale loaded, as in the browser", () => {
    expect(z.config().localeError).toBeUndefined();
  });

  it("accepts an email and password, the email trimmed", async () => {
    const result = await resolve({ email: " someone@example.com ", password: "secret" });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ email: "someone@example.com", password: "secret" });
  });

  it("names a missing email and password", async () => {
    const result = await resolve({ email: "  ", password: "" });
    expect(result.errors.email?.message).toBe("email is required");
    expect(result.errors.password?.message).toBe("password is required");
  });

  it("words the length caps with the field's own message, not zod's default", async () => {
    const result = await resolve({ email: "e".repeat(321), password: "p".repeat(1001) });
    expect(result.errors.email?.message).toBe("email is required");
    expect(result.errors.password?.message).toBe("password is required");
  });
});
