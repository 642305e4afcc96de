"use client";

/**
 * The end of the loaded list: loads the next page when it scrolls near (an IntersectionObserver) or
 * when "Load more" is pressed. Only loaded pages are in the DOM; nothing loads until asked for.
 */
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

interface Props {
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  failed: boolean;
  shown: number;
  fetchNextPage: () => unknown;
}

export function LoadMore({
  hasNextPage,
  isFetching,
  isFetchingNextPage,
  failed,
  shown,
  fetchNextPage,
}: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    // Never start a page while any fetch runs: it would cancel a live refetch midway. The observer
    // is made anew when fetching stops, and reports at once whether the end is still in view.
    if (!element || !hasNextPage || isFetching || failed) return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "0px 0px 800px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, failed, fetchNextPage]);

  return (
    <div
      ref={sentinel}
      className="flex flex-col items-center gap-2 py-4 text-xs text-zinc-500 dark:text-zinc-400"
    >
      {hasNextPage ? (
        <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      ) : (
        shown > 0 && <p>{shown === 1 ? "1 render" : `All ${shown} renders shown`}</p>
      )}
    </div>
  );
}
