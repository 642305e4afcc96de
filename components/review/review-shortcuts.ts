/**
 * The review's keys, where a render is shown for review (the viewer, the render page): `c` comment,
 * `a` approve, `r` request changes, as a group of the page's shortcut registry (so `?` lists them).
 */
import type { Shortcut, ShortcutGroup } from "@/components/ui/shortcuts";

export interface ReviewActions {
  comment: () => void;
  approve: () => void;
  requestChanges: () => void;
}

export function reviewShortcuts(actions: ReviewActions): ShortcutGroup {
  const shortcuts: Shortcut[] = [
    { key: "c", description: "Comment: place a pin on the media, then write", run: actions.comment },
    { key: "a", description: "Approve the render", run: actions.approve },
    { key: "r", description: "Request changes (the note takes the focus)", run: actions.requestChanges },
  ];
  return { title: "Review", shortcuts };
}
