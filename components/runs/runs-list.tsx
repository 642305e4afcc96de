"use client";
/**
 * `/runs`: the team's batch runs, newest first: name, when and who, and how far each got. The server
 * hands over the list it read; run events keep it current. "Batch from file" starts a new one.
 */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { ListChecksIcon } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { Card } from "@/components/ui/surface";
import { runsQueryOptions } from "@/lib/client/queries/runs";
import { RunProgress } from "./run-progress";

export function RunsList() {
  const runs = useQuery(runsQueryOptions());
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">Batch runs</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Many renders from one file, sent a few at a time.
        </p>
        <Link href="/runs/new" className={`ml-auto ${buttonClasses({ variant: "primary", size: "sm" })}`}>
          Batch from file
        </Link>
      </header>
      {runs.isError && <Notice tone="warning">Could not refresh the runs ({runs.error.message}).</Notice>}
      {runs.data?.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
          <ListChecksIcon className="size-8 text-zinc-400" />
          <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
            No runs yet. Start one from a CSV or JSONL file of prompts, or through the API.
          </p>
        </div>
      ) : (
        <ul aria-label="Batch runs" className="space-y-3">
          {runs.data?.map((run) => (
            <li key={run.id}>
              <Card as="article" aria-labelledby={`run-${run.id}`} className="space-y-2 p-3">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
                  <h2 id={`run-${run.id}`} className="font-medium break-words">
                    <Link href={`/runs/${run.id}`} className="hover:underline">
                      {run.name}
                    </Link>
                  </h2>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    {run.member ? run.member.name : "Sign-in off"}, <LocalTime iso={run.createdAt} /> ·{" "}
                    {run.counts.rows} {run.counts.rows === 1 ? "row" : "rows"} ·{" "}
                    {run.state === "done" ? "finished" : run.state}
                  </span>
                </div>
                <RunProgress run={run} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
