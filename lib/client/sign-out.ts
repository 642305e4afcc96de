/**
 * Signing out, loaded when the member asks to: the server ends the session, the browser's other
 * tabs are told (they close their live streams and leave too), the service worker empties its
 * caches, and this tab goes to sign-in with a full load, so nothing the member saw (cached queries)
 * stays in its memory.
 */
import { apiFetch } from "@/lib/client/api-client";
import { announceSignOut, markSigningOut } from "@/lib/client/live/session-channel";
import { forgetSignedOutMember } from "@/lib/client/service-worker";

export async function signOut(): Promise<void> {
  markSigningOut(true);
  try {
    await apiFetch("/api/auth/sign-out", (c) => c.signOutResultSchema, { method: "POST" });
  } catch (error) {
    markSigningOut(false);
    throw error;
  }
  announceSignOut();
  await forgetSignedOutMember().catch(() => undefined);
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/sign-in");
}
