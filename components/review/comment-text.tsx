/**
 * A comment's text as its author typed it: line breaks kept, web addresses clickable, @mentions
 * marked, and nothing ever read as HTML (React writes text as text, so `<img …>` shows as typed).
 */
import { Fragment } from "react";
import { splitCommentText } from "./comment-parts";

export function CommentText({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {splitCommentText(text).map((part, index) =>
        part.kind === "link" ? (
          <a
            key={index}
            href={part.text}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-indigo-700 underline dark:text-indigo-400"
          >
            {part.text}
          </a>
        ) : part.kind === "mention" ? (
          <strong key={index} className="font-semibold text-indigo-800 dark:text-indigo-300">
            {part.text}
          </strong>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
