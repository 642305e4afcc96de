/** Any link that opens nothing: the same words whether it never existed, expired or was revoked. */
export default function SharedLinkNotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-400">404</p>
      <h1 className="text-xl font-semibold">This link does not open anything</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Check that it was copied whole. If it was, ask whoever sent it for a new one.
      </p>
    </main>
  );
}
