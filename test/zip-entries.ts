/**
 * A zip the dashboard built, opened with a real zip reader (yauzl): every entry with its bytes,
 * each checked against the CRC-32 the archive records for it (yauzl itself does not check it).
 */
import { buffer } from "node:stream/consumers";
import { crc32 } from "node:zlib";
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
    if (crc32(data) !== entry.crc32) {
      throw new Error(`${entry.fileName}: its bytes do not match the CRC-32 the zip records for it`);
    }
    entries.push({ name: entry.fileName, stored: entry.compressionMethod === 0, data });
  }
  return entries;
}
