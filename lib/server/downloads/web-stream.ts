import "server-only";
/**
 * A response body read from an async source only as fast as the client takes it. Each read joins
 * the chunks the source already has ready (up to `COALESCED_BYTES`) into one, so a fast transfer is
 * written in a few large writes rather than thousands of 64 KiB ones, while a slow one is never
 * held back waiting for more. Cancelling it (the client left) calls `onCancel` first, which stops
 * whatever feeds the source, then ends the source.
 */
const COALESCED_BYTES = 2 ** 20;
/** What the body may hold ahead of the client: two joined chunks. */
const AHEAD_BYTES = 2 * COALESCED_BYTES;
const NOT_READY = Symbol("not ready");

export function pulledStream(
  source: AsyncIterator<Uint8Array>,
  onCancel: () => void,
): ReadableStream<Uint8Array> {
  // A read that was not ready when a joined chunk was sent; the next pull starts with it.
  let pending: Promise<IteratorResult<Uint8Array>> | null = null;
  const take = () => {
    const next = pending ?? source.next();
    pending = null;
    return next;
  };
  /** The source's next result if it is ready before other I/O gets a turn, else NOT_READY. */
  const takeIfReady = async () => {
    const next = take();
    const first = await Promise.race([
      next,
      new Promise<typeof NOT_READY>((r) => setImmediate(r, NOT_READY)),
    ]);
    if (first === NOT_READY) pending = next;
    return first;
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const parts: Uint8Array[] = [];
          let bytes = 0;
          let result: IteratorResult<Uint8Array> | typeof NOT_READY = await take();
          while (result !== NOT_READY && !result.done) {
            parts.push(result.value);
            bytes += result.value.byteLength;
            if (bytes >= COALESCED_BYTES) break;
            result = await takeIfReady();
          }
          if (parts.length === 1) controller.enqueue(parts[0] as Uint8Array);
          else if (parts.length > 1) controller.enqueue(Buffer.concat(parts, bytes));
          if (result !== NOT_READY && result.done) controller.close();
        } catch (error) {
          onCancel();
          controller.error(error);
        }
      },
      async cancel() {
        onCancel();
        await source.return?.();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: AHEAD_BYTES }),
  );
}
