"use client";
/** Asks before starting a render whose estimate is above the team's confirmation threshold. */
import { Dialog } from "radix-ui";
import { Button } from "@/components/ui/button";
import { formatCredits } from "@/lib/domain/format";

export interface ConfirmCostDialogProps {
  /** The estimated credits of the render awaiting confirmation; null when none is. */
  credits: number | null;
  threshold: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmCostDialog({ credits, threshold, onConfirm, onCancel }: ConfirmCostDialogProps) {
  return (
    <Dialog.Root open={credits !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-zinc-200 bg-white p-5 shadow-2xl dark:border-zinc-800 dark:bg-zinc-950">
          <Dialog.Title className="text-base font-semibold">Start this render?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            It is estimated at ≈ {formatCredits(credits ?? 0)}, above the {formatCredits(threshold)} your team
            asks to confirm. Credits are charged when it starts; a failed render is refunded.
          </Dialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button variant="primary" onClick={onConfirm}>
              Spend ≈ {formatCredits(credits ?? 0)}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
