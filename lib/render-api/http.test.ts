import { describe, expect, it } from "vitest";
import { buildUrl } from "./http";

describe("buildUrl", () => {
  it.each([
    ["http://sim:4010", ["api", "v1", "renders", "r_1"], "http://sim:4010/api/v1/renders/r_1"],
    ["http://sim:4010/", ["api", "v1", "account"], "http://sim:4010/api/v1/account"],
    ["https://gw.example/render/", ["api", "v1", "account"], "https://gw.example/render/api/v1/account"],
    ["https://gw.example/render?x=1#frag", ["api"], "https://gw.example/render/api"],
    ["http://sim", ["renders", "../account"], "http://sim/renders/..%2Faccount"],
    ["http://sim", ["renders", "a/b?c#d"], "http://sim/renders/a%2Fb%3Fc%23d"],
    ["http://sim", ["renders", "%2e%2e"], "http://sim/renders/%252e%252e"],
  ])("%s + %j → %s", (base, segments, expected) => {
    expect(buildUrl(new URL(base), segments).href).toBe(expected);
  });

  it.each([".", "..", ""])("refuses the segment %j, which the URL parser would collapse", (segment) => {
    expect(() => buildUrl(new URL("http://sim"), ["renders", segment])).toThrow(TypeError);
  });
});
