"use client";
/**
 * Push on Your account → Notifications: turn push on for this device (the browser asks for
 * permission, then subscribes through the service worker), the member's devices with Remove, and a
 * test notification. When the browser cannot receive push, or notifications are blocked for the
 * site, it says so in words instead of offering a button that cannot work.
 */
import { useId, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { Panel } from "@/components/ui/surface";
import {
  PushRefused,
  onPushSupportChange,
  pushSupport,
  type PushSupport,
} from "@/lib/client/push-subscription";
import {
  usePushDevices,
  useRemovePushDevice,
  useSendTestPush,
  useTurnOnPush,
} from "@/lib/client/queries/push";

const SUPPORT_WORDS: Partial<Record<PushSupport, string>> = {
  unsupported:
    "This browser cannot receive push notifications. On an iPhone or iPad, add the dashboard to your Home Screen first (Share → Add to Home Screen), then turn push on from there.",
  denied:
    "Notifications are blocked for this site in this browser. Allow them in the site's settings (the icon beside the address), then turn push on here.",
};

export function PushDevices() {
  const id = useId();
  const devices = usePushDevices();
  const turnOn = useTurnOnPush();
  const remove = useRemovePushDevice();
  const test = useSendTestPush();
  // Known only in the browser (null while rendered on the server), and live as the permission changes.
  const support = useSyncExternalStore<PushSupport | null>(onPushSupportChange, pushSupport, () => null);
  const blocked = support === null ? undefined : SUPPORT_WORDS[support];

  const turnOnHere = (publicKey: string) =>
    turnOn.mutate(publicKey, {
      onSuccess: () => notify.success("Push is on for this device"),
      onError: (error) =>
        notify.error("Push is not on", {
          description:
            error instanceof PushRefused ? error.message : `The browser or server said: ${error.message}`,
        }),
    });

  return (
    <Panel as="section" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Push notifications
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Each device you turn push on for gets a notification for the events with Push ticked below, even with
        no tab open. Choosing one opens its render.
      </p>
      {devices.isError ? (
        <Notice tone="error">Could not load your devices: {devices.error.message}</Notice>
      ) : !devices.data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <>
          {blocked ? (
            <p className="text-sm text-amber-800 dark:text-amber-300">{blocked}</p>
          ) : (
            <div>
              <Button
                size="sm"
                variant="primary"
                disabled={support === null}
                busy={turnOn.isPending}
                busyText="Turning on…"
                onClick={() => turnOnHere(devices.data.publicKey)}
              >
                Turn on push for this device
              </Button>
            </div>
          )}
          <h3 className="text-sm font-medium">Your devices</h3>
          {devices.data.items.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No device receives push yet.</p>
          ) : (
            <ul
              className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800"
              aria-label="Your devices"
            >
              {devices.data.items.map((device) => (
                <li key={device.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate">{device.label}</span>
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">
                      Added <RelativeTime iso={device.createdAt} />
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Remove ${device.label}`}
                    busy={remove.isPending && remove.variables === device.id}
                    busyText="Removing…"
                    onClick={() =>
                      remove.mutate(device.id, {
                        onError: (error) => notify.error("Not removed", { description: error.message }),
                      })
                    }
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div>
            <Button
              size="sm"
              variant="secondary"
              disabled={devices.data.items.length === 0}
              busy={test.isPending}
              busyText="Sending…"
              onClick={() =>
                test.mutate(undefined, {
                  onSuccess: ({ queued }) =>
                    notify.success(
                      queued === 1 ? "Test notification sent" : `Test notification sent to ${queued} devices`,
                    ),
                  onError: (error) => notify.error("Not sent", { description: error.message }),
                })
              }
            >
              Send a test notification
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}
