import "server-only";
/**
 * A response body read one chunk at a time from an async source, only when the client asks for
 * more (high-water mark 0: nothing is read ahead of the connection). Cancelling it (the client
 * left) calls `onCancel` first, which stops whatever feeds the source, then ends the source.
 */
export function pulledStream(
  source: AsyncIterator<Uint8Array>,
  onCancel: () => void,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await source.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
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
    { highWaterMark: 0 },
  );
}
