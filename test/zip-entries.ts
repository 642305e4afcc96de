/** A zip the dashboard built, opened with a real zip reader (yauzl): every entry with its bytes. */
import { buffer } from "node:stream/consumers";
import yauzl from "yauzl";

export interface ZipEntry {
  name: string;
  /** Stored without compression (media are already compressed). */
  stored: boolean;
  data: Buffer;
}

export async function zipEntries(bytes: Uint8Array): Promise<ZipEntry[]> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(bytes));
  const entries: ZipEntry[] = [];
  for await (const entry of zip.eachEntry()) {
    const data = await buffer(await zip.openReadStreamPromise(entry));
    entries.push({ name: entry.fileName, stored: entry.compressionMethod === 0, data });
  }
  return entries;
}
