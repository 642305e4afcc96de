/**
 * Where render outputs and uploads live: the origins the pages may show media from (their
 * Content-Security-Policy) and the only ones the server fetches outputs from (downloads and zips).
 * MEDIA_ORIGINS when set (validated as bare http(s) origins by the settings schema), else the
 * origin of RENDER_API_BASE_URL; none when neither is set.
 */
export function mediaOriginsFrom(
  mediaOrigins: readonly string[] | undefined,
  baseUrl: string | undefined,
): string[] {
  if (mediaOrigins) return [...mediaOrigins];
  if (!baseUrl) return [];
  try {
    const url = new URL(baseUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? [url.origin] : [];
  } catch {
    return [];
  }
}
