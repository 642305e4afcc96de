import { expect, test } from "vitest";
import { deviceLabel } from "./device-label";

test("a device is named by its browser and system, the more specific browser first", () => {
  const android =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
  const edge =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0";
  const iphone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
  expect(deviceLabel(android)).toBe("Chrome on Android");
  expect(deviceLabel(edge)).toBe("Edge on Windows");
  expect(deviceLabel(iphone)).toBe("Safari on iOS");
  expect(deviceLabel("curl/8")).toBe("A browser");
});
