/**
 * The shared pages (`/s/<token>`): opened by people outside the team, so the root layout leaves out
 * the dashboard's frame (header, account, member, live updates). proxy.ts marks such a request with
 * this header, and removes it from every other, so a caller cannot choose the frame of another page.
 */
export const SHARED_PAGE_HEADER = "x-rd-shared-page";

/** `/s/<token>`, the shared page itself; its media route is a route handler and has no layout. */
export const isSharedPagePath = (pathname: string) => /^\/s\/[^/]+\/?$/.test(pathname);

/** Every shared answer (page, media, refusal): search engines keep none of them. */
export const SHARED_ROBOTS = "noindex, nofollow";
