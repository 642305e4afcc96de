import "server-only";
/**
 * The pages a one-time link opens (`/join/<token>`, `/reset/<token>`): open without a session, they
 * say up front whether the link can be used, through the same check (and throttle) as the routes.
 */
import { headers } from "next/headers";
import { isAppError } from "@/lib/contract/errors";
import { inviteForToken } from "@/lib/server/team/invites";
import { resetForToken } from "@/lib/server/team/password-resets";

export type LinkView<T> = ({ usable: true } & T) | { usable: false; message: string };

/** The page's request as the link check reads it: its headers (the client's address among them). */
async function pageRequest(): Promise<Request> {
  return new Request("http://dashboard.page/", { headers: await headers() });
}

async function viewOf<T>(open: (request: Request) => Promise<T>): Promise<LinkView<T>> {
  try {
    return { usable: true, ...(await open(await pageRequest())) };
  } catch (error) {
    if (isAppError(error)) return { usable: false, message: error.message };
    throw error;
  }
}

export const joinPageView = (token: string) => viewOf((request) => inviteForToken(request, token));

export const resetPageView = (token: string) => viewOf((request) => resetForToken(request, token));
