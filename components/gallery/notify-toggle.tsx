"use client";

/**
 * Offers browser notifications for finished renders. Permission is asked only from this button's
 * click, never on load; once granted or refused the button states that and does nothing more.
 */
import { memo, useState, useSyncExternalStore } from "react";
import { BellIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Hint } from "@/components/ui/hint";

type Permission = NotificationPermission | "unsupported";

const noSubscription = () => () => {};
const readPermission = (): Permission =>
  typeof Notification === "undefined" ? "unsupported" : Notification.permission;

/**
 * Memoised: it takes no props, and reading the permission is a synchronous call to the browser, while
 * the gallery around it re-renders at each step of the viewer and each change to its list.
 */
export const NotifyToggle = memo(function NotifyToggle() {
  const initial = useSyncExternalStore(noSubscription, readPermission, () => "unsupported" as const);
  const [asked, setAsked] = useState<Permission | null>(null);
  const permission = asked ?? initial;
  if (permission === "unsupported" || permission === "denied") return null;
  if (permission === "granted") {
    return (
      <Hint label="You'll get a notification when a render finishes while this tab is in the background">
        <span className="inline-flex size-8 items-center justify-center text-indigo-600 dark:text-indigo-400">
          <BellIcon />
          <span className="sr-only">Notifications on</span>
        </span>
      </Hint>
    );
  }
  return (
    <Hint label="Notify me when renders finish">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Notify me when renders finish"
        onClick={() => void Notification.requestPermission().then(setAsked)}
      >
        <BellIcon />
      </Button>
    </Hint>
  );
});
