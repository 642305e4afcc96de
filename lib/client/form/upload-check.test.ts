import { describe, expect, it } from "vitest";
import { acceptMap, acceptedTypesText, checkReferenceFile, uploadKindOf } from "./upload-check";

const MB = 1024 * 1024;
const imagesOnly = { acceptedKinds: ["image"] as const, maxBytes: 5 * MB, takerLabel: "Veo 3.1" };

describe("checkReferenceFile", () => {
  it("accepts a PNG within the limit as an image", () => {
    expect(checkReferenceFile({ name: "a.png", type: "image/png", size: 5 * MB }, imagesOnly)).toEqual({
      ok: true,
      kind: "image",
    });
  });

  it("refuses a file over the server's limit, saying both sizes", () => {
    expect(checkReferenceFile({ name: "big.png", type: "image/png", size: 5 * MB + 1 }, imagesOnly)).toEqual({
      ok: false,
      message: "big.png is 5 MB: uploads are limited to 5 MB.",
    });
  });

  it("refuses a type the dashboard never accepts", () => {
    expect(checkReferenceFile({ name: "notes.txt", type: "text/plain", size: 10 }, imagesOnly)).toEqual({
      ok: false,
      message: "notes.txt: text/plain files can't be references. Use PNG, JPEG, WebP or GIF images.",
    });
    expect(checkReferenceFile({ name: "x", type: "", size: 10 }, imagesOnly)).toMatchObject({ ok: false });
  });

  it("refuses media the chosen model takes none of", () => {
    expect(checkReferenceFile({ name: "clip.mp4", type: "video/mp4", size: 10 }, imagesOnly)).toEqual({
      ok: false,
      message: "clip.mp4: Veo 3.1 takes no reference videos. Use PNG, JPEG, WebP or GIF images.",
    });
    expect(
      checkReferenceFile(
        { name: "clip.mp4", type: "video/mp4", size: 10 },
        { ...imagesOnly, acceptedKinds: ["image", "video"] },
      ),
    ).toEqual({ ok: true, kind: "video" });
  });
});

describe("uploadKindOf", () => {
  it("reads the type's essence", () => {
    expect(uploadKindOf("audio/wav; codecs=1")).toBe("audio");
    expect(uploadKindOf("video/webm")).toBe("video");
    expect(uploadKindOf("image/svg+xml")).toBeUndefined();
  });
});

describe("acceptedTypesText and acceptMap", () => {
  it("lists each kind's types once", () => {
    expect(acceptedTypesText(["image", "video", "audio"])).toBe(
      "PNG, JPEG, WebP or GIF images, MP4, WebM or MOV videos or MP3, WAV, OGG, M4A or WebM audio",
    );
  });
  it("maps only the accepted kinds' types", () => {
    expect(Object.keys(acceptMap(["video"]))).toEqual(["video/mp4", "video/webm", "video/quicktime"]);
  });
});
