"use client";
/**
 * Asks before starting a render whose estimate is above the team's confirmation threshold, or whose
 * cost is unknown (no rate for its kind yet).
 */
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogPanel, DialogTitle } from "@/components/ui/dialog";
import { formatCredits } from "@/lib/domain/format";

export interface ConfirmCostDialogProps {
  /** The render's estimated credits; null when its cost is unknown. */
  credits: number | null;
  threshold: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export default function ConfirmCostDialog({
  credits,
  threshold,
  onConfirm,
  onCancel,
}: ConfirmCostDialogProps) {
  const charged = "Credits are charged when it starts; a failed render is refunded.";
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogPanel size="alert">
        <DialogTitle>Start this render?</DialogTitle>
        <DialogDescription className="mt-2">
          {credits === null
            ? `Its cost is unknown: no render of this kind has been charged yet, and the rate card has no rate for it. ${charged}`
            : `It is estimated at ≈ ${formatCredits(credits)}, above the ${formatCredits(threshold)} your team asks to confirm. ${charged}`}
        </DialogDescription>
        <div className="mt-5 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="primary" onClick={onConfirm}>
            {credits === null ? "Start, cost unknown" : `Spend ≈ ${formatCredits(credits)}`}
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
