"use client";

/**
 * The selection bar's cull actions: pick or reject every selected render (the member's own marks,
 * shown at once, taken back if refused), and add or remove one team tag on them all.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { CheckIcon, TagIcon, XIcon } from "lucide-react";
import { useAction } from "@/lib/client/queries/action";
import { findLoadedRender } from "@/lib/client/queries/renders";
import { renderCount } from "@/lib/domain/format";
import { tagProblem } from "@/lib/domain/cull";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/notify";

const loadCull = () => import("@/lib/client/queries/cull");

export function SelectionCull({ ids }: { ids: readonly string[] }) {
  const queryClient = useQueryClient();
  const flag = useAction({
    mutationFn: async (value: "pick" | "reject") => {
      const { marksOf, saveMarks } = await loadCull();
      const before = ids.map((id) => marksOf(findLoadedRender(queryClient, id) ?? { id }));
      await saveMarks(queryClient, before, { flag: value });
      return value;
    },
    onSuccess: (value) =>
      notify.success(`${value === "pick" ? "Picked" : "Rejected"} ${renderCount(ids.length)}`),
    onError: (error) =>
      notify.error("Could not save the change; it was taken back", { description: error.message }),
  });
  const [tag, setTag] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const tagFieldId = useId();
  const tagging = useAction({
    mutationFn: async (change: "add" | "remove") => {
      await (await loadCull()).saveTags(queryClient, ids, { [change]: [tag] });
      return change;
    },
    onSuccess: (change) => {
      notify.success(`${change === "add" ? "Tagged" : "Untagged"} ${renderCount(ids.length)}`);
      setTag("");
    },
    onError: (error) => notify.error("Could not change the tags", { description: error.message }),
  });
  const changeTag = (change: "add" | "remove") => {
    const why = tagProblem(tag);
    setProblem(why);
    if (!why) tagging.mutate(change);
  };
  return (
    <>
      <Button
        size="sm"
        busy={flag.isPending && flag.variables === "pick"}
        busyText="Picking…"
        onClick={() => flag.mutate("pick")}
      >
        <CheckIcon /> Pick
      </Button>
      <Button
        size="sm"
        busy={flag.isPending && flag.variables === "reject"}
        busyText="Rejecting…"
        onClick={() => flag.mutate("reject")}
      >
        <XIcon /> Reject
      </Button>
      <span className="flex items-center gap-1">
        <label htmlFor={tagFieldId} className="sr-only">
          Tag
        </label>
        <input
          id={tagFieldId}
          value={tag}
          placeholder="Tag"
          maxLength={64}
          aria-invalid={problem !== null}
          onChange={(event) => setTag(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            changeTag("add");
          }}
          className="h-8 w-28 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
        <Button
          size="sm"
          busy={tagging.isPending && tagging.variables === "add"}
          busyText="Tagging…"
          onClick={() => changeTag("add")}
        >
          <TagIcon /> Add tag
        </Button>
        <Button
          size="sm"
          variant="ghost"
          busy={tagging.isPending && tagging.variables === "remove"}
          busyText="Untagging…"
          onClick={() => changeTag("remove")}
        >
          Remove tag
        </Button>
      </span>
      {problem && (
        <p role="alert" className="w-full text-xs text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
    </>
  );
}
