import "server-only";
/** A zip of a selection, as the zip routes answer it: its renders resolved first, then streamed. */
import type { Member, ZipSelection } from "@/lib/contract";
import { favouritesOwner } from "@/lib/server/ledger/favourites";
import { zipContents } from "./selection";
import { zipResponse } from "./zip";

/** A `favourite` filter means the caller's own favourites (the team's one set with sign-in off). */
export const downloadZip = async (selection: ZipSelection, member: Member | null, signal: AbortSignal) =>
  zipResponse(await zipContents(selection, favouritesOwner(member)), signal);
