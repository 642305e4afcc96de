import { connection } from "next/server";

export default async function HomePage() {
  // Settings come from the environment at request time, never at build.
  await connection();
  return (
    <main className="mx-auto max-w-7xl p-4">
      <h1 className="text-lg font-semibold">Render dashboard</h1>
    </main>
  );
}
