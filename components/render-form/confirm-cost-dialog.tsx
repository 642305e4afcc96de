"use client";
/** Asks before starting a render whose estimate is above the team's confirmation threshold. */
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogPanel, DialogTitle } from "@/components/ui/dialog";
import { formatCredits } from "@/lib/domain/format";

export interface ConfirmCostDialogProps {
  /** The estimated credits of the render awaiting confirmation; null when none is. */
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
  return (
    <Dialog open={credits !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogPanel size="alert">
        <DialogTitle>Start this render?</DialogTitle>
        <DialogDescription className="mt-2">
          It is estimated at ≈ {formatCredits(credits ?? 0)}, above the {formatCredits(threshold)} your team
          asks to confirm. Credits are charged when it starts; a failed render is refunded.
        </DialogDescription>
        <div className="mt-5 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="primary" onClick={onConfirm}>
            Spend ≈ {formatCredits(credits ?? 0)}
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
