import { Panel } from "@/components/ui/surface";
import { connection } from "next/server";
import { Suspense } from "react";
import { LazyRenderForm } from "@/components/render-form";
import { Gallery } from "@/components/gallery/gallery";
import { GallerySkeleton } from "@/components/gallery/gallery-states";
import { toSearchParams } from "@/lib/client/api-client";
import { requirePageMember } from "@/lib/server/pages/session";
import { publicSettings } from "@/lib/server/pages/settings";

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function HomePage({ searchParams }: Props) {
  // Settings come from the environment at request time, never at build.
  await connection();
  // Sign-in returns to this very view, filters included.
  const query = Object.entries(await searchParams).map(([key, value]) => [
    key,
    Array.isArray(value) ? value[0] : value,
  ]);
  await requirePageMember(`/${toSearchParams(Object.fromEntries(query))}`);
  const settings = await publicSettings();
  return (
    <>
      <h1 className="sr-only">Render dashboard</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(340px,420px)_1fr]">
        {/* On wide screens the form stays in view (scrolling on its own) while the gallery scrolls. */}
        <Panel className="p-4 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto">
          <Suspense>
            <LazyRenderForm settings={settings} />
          </Suspense>
        </Panel>
        {/* The gallery reads its filters from the URL. */}
        <Suspense fallback={<GallerySkeleton />}>
          <Gallery />
        </Suspense>
      </div>
    </>
  );
}
