/** How a comment's pin and author read on the page. */
import type { Comment, Pin } from "@/lib/contract";
import { describePin, formatReviewTime } from "@/lib/domain/review";

/** Where a pin is, in the words a thread shows under its number. */
export function pinLabel(pin: Pin): string | null {
  switch (pin.kind) {
    case "render":
      return null;
    case "point":
      return "Point on the image";
    case "rect":
      return "Area of the image";
    case "time":
      return formatReviewTime(pin.t);
    case "range":
      return describePin(pin);
  }
}

/** Who wrote a comment, as a thread shows it. */
export function authorName(comment: Comment): string {
  if (!comment.author) return "Someone";
  return comment.author.kind === "guest" ? `Guest: ${comment.author.name}` : comment.author.name;
}
