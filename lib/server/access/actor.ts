import "server-only";
/**
 * Who made a request, as the audit log records it (lib/server/ledger/audit.ts): the member it acts as
 * and the client's address, read as the sign-in throttle reads it (./origin.ts). The route wrapper
 * builds it for every route; a service that records hands it on as it is.
 */
import type { Member } from "@/lib/contract";
import type { Actor } from "@/lib/server/ledger/audit";
import { settings } from "@/lib/server/runtime/config";
import { clientAddress } from "./origin";

export const actorOf = (request: Request, member: Member | null): Actor => ({
  member,
  address: clientAddress(request, settings().TRUSTED_PROXY_HOPS),
});
