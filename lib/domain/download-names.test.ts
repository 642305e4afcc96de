import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  FILE_NAME_MAX_BYTES,
  PROMPT_SLUG_MAX_CHARS,
  attachmentDisposition,
  outputExtension,
  renderFileName,
  slugify,
  uniqueName,
  zipFileName,
  type NamedRender,
} from "./download-names";

const render = (over: Partial<NamedRender> = {}): NamedRender => ({
  id: "rnd_abc123",
  createdAt: "2026-03-04T23:30:00.000Z",
  model: "kling 1080p",
  prompt: "A red fox in the snow",
  ...over,
});

/** Nothing a file system or an archive tool would read as a path, a hidden file or a control. */
function assertSafe(name: string): void {
  expect(name).not.toMatch(/[/\\:*?"<>|\p{Cc}]/u);
  expect(name).not.toMatch(/^\./);
  expect(name).not.toContain("..");
  expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(FILE_NAME_MAX_BYTES);
}

describe("renderFileName", () => {
  test("date (UTC), model label, prompt slug, id and extension", () => {
    expect(renderFileName(render(), "webm")).toEqual({
      name: "2026-03-04-kling-1080p-a-red-fox-in-the-snow-rnd_abc123.webm",
      ascii: "2026-03-04-kling-1080p-a-red-fox-in-the-snow-rnd_abc123.webm",
    });
  });

  test("the date is the UTC day, whatever the offset the time was written with", () => {
    const name = renderFileName(render({ createdAt: "2026-03-05T01:00:00+03:00" }), "png").name;
    expect(name.startsWith("2026-03-04-")).toBe(true);
  });

  test("accents are kept in the UTF-8 name and folded in the ASCII one", () => {
    const file = renderFileName(render({ prompt: "Crème brûlée à Noël" }), "png");
    expect(file.name).toContain("-creme-brulee-a-noel-");
    expect(file.ascii).toContain("-creme-brulee-a-noel-");
  });

  test("CJK words stay in the UTF-8 name and are left out of the ASCII one", () => {
    const file = renderFileName(render({ prompt: "富士山の夕焼け sunset" }), "png");
    expect(file.name).toContain("-富士山の夕焼け-sunset-");
    expect(file.ascii).toBe("2026-03-04-kling-1080p-sunset-rnd_abc123.png");
  });

  test("emoji separate words and leave no trace", () => {
    const file = renderFileName(render({ prompt: "🦊🦊 fox ❄️ snow 🎄" }), "png");
    expect(file.name).toBe("2026-03-04-kling-1080p-fox-snow-rnd_abc123.png");
  });

  test("an empty or symbols-only prompt leaves its part out", () => {
    for (const prompt of ["", "   ", "!!! ??? ///", "🎨"]) {
      expect(renderFileName(render({ prompt }), "png").name).toBe("2026-03-04-kling-1080p-rnd_abc123.png");
    }
  });

  test("a long prompt is cut at a word boundary", () => {
    const prompt = "an extremely detailed panoramic photograph of a mountain village at dawn ".repeat(20);
    const { name } = renderFileName(render({ prompt }), "png");
    const slug = name.slice("2026-03-04-kling-1080p-".length, -"-rnd_abc123.png".length);
    expect(slug.length).toBeLessThanOrEqual(PROMPT_SLUG_MAX_CHARS);
    expect(prompt.replace(/\s+/g, "-").startsWith(slug + "-")).toBe(true);
  });

  test("a long prompt of wide characters stays within the byte limit", () => {
    const file = renderFileName(render({ prompt: "漢".repeat(500), id: "r".repeat(128) }), "png");
    assertSafe(file.name);
    expect(file.name).toContain("漢");
  });

  test("path characters, control characters and dots in any part are separators", () => {
    const file = renderFileName(
      {
        id: "../../etc/passwd",
        createdAt: "2026-03-04T00:00:00Z",
        model: 'C:\\models\\"veo"*?<>|',
        prompt: '..\u0000hidden\u001f/../..\\name:a*b?"c"<d>|e\n.',
      },
      "png",
    );
    expect(file.name).toBe("2026-03-04-c-models-veo-hidden-name-a-b-c-d-e-etc-passwd.png");
    assertSafe(file.name);
  });

  test("odd model strings: empty, spaced, symbols, other scripts", () => {
    expect(renderFileName(render({ model: "" }), "png").name).toBe(
      "2026-03-04-a-red-fox-in-the-snow-rnd_abc123.png",
    );
    expect(renderFileName(render({ model: "  Veo 3.1 — Fast!! " }), "png").name).toContain("-veo-3-1-fast-");
    expect(renderFileName(render({ model: "模型 X" }), "png").ascii).toContain("-x-a-red-fox");
  });

  test("an unreadable date leaves its part out; a bad extension becomes bin", () => {
    expect(renderFileName(render({ createdAt: "yesterday" }), "../x").name).toBe(
      "kling-1080p-a-red-fox-in-the-snow-rnd_abc123.bin",
    );
  });

  test("any input gives a safe name in both spellings", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 600 }),
        fc.string({ unit: "binary", maxLength: 80 }),
        fc.string({ maxLength: 200 }),
        fc.string({ maxLength: 10 }),
        (prompt, model, id, ext) => {
          const file = renderFileName({ id, model, prompt, createdAt: "2026-01-01T00:00:00Z" }, ext);
          assertSafe(file.name);
          assertSafe(file.ascii);
          expect(file.ascii).toMatch(/^[\x20-\x7e]+$/);
        },
      ),
    );
  });
});

describe("slugify", () => {
  test("full-width and compatibility forms fold to plain letters", () => {
    expect(slugify("ＦＵＬＬ ﬁne", 40, true)).toBe("full-fine");
  });
});

describe("outputExtension", () => {
  test.each([
    ["http://cdn.test/media/rnd_a.png", null, "png"],
    ["http://cdn.test/media/rnd_a.WEBM?sig=1", "video/webm", "webm"],
    ["http://cdn.test/o/abc?format=png", "image/jpeg; charset=binary", "jpg"],
    ["http://cdn.test/o/file.php", "video/mp4", "mp4"],
    ["not a url", "application/octet-stream", "bin"],
    [null, null, "bin"],
  ])("%s (%s) → %s", (url, type, ext) => {
    expect(outputExtension(url, type)).toBe(ext);
  });
});

describe("uniqueName", () => {
  test("numbers a taken name before its extension", () => {
    const taken = new Set(["a.png", "a-2.png"]);
    expect(uniqueName("b.png", taken)).toBe("b.png");
    expect(uniqueName("a.png", taken)).toBe("a-3.png");
    expect(uniqueName("noext", new Set(["noext"]))).toBe("noext-2");
  });
});

describe("attachmentDisposition", () => {
  test("an ASCII filename and an RFC 5987 filename*", () => {
    const file = renderFileName(render({ prompt: "Crème 富士山 (draft)" }), "png");
    const header = attachmentDisposition(file);
    expect(header).toBe(
      `attachment; filename="${file.ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
    expect(decodeURIComponent(header.split("UTF-8''")[1] ?? "")).toBe(file.name);
  });

  test("quotes, backslashes and non-ASCII in a fallback are escaped or replaced", () => {
    expect(attachmentDisposition({ name: "a'b(c)*.png", ascii: 'a"b\\é.png' })).toBe(
      `attachment; filename="a\\"b\\\\_.png"; filename*=UTF-8''a%27b%28c%29%2A.png`,
    );
  });
});

describe("zipFileName", () => {
  const now = new Date("2026-05-06T07:08:09Z");
  test("a selection: today and the count", () => {
    expect(zipFileName(12, now).name).toBe("2026-05-06-renders-12.zip");
  });
  test("a batch: its render's name with the batch size in place of the id", () => {
    expect(zipFileName(4, now, render()).name).toBe(
      "2026-03-04-kling-1080p-a-red-fox-in-the-snow-batch-4.zip",
    );
  });
});
