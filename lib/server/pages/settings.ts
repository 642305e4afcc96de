import "server-only";
/** Settings pages hand to the browser: read at request time, never at build. */
export { publicSettings } from "@/lib/server/runtime/config";
