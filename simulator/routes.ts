/**
 * The route table's types and matching: a path that exists with another method is a 405 with
 * `Allow`, a path that does not exist is a 404.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { SimError } from "./errors";
import type { World } from "./world";

export interface RequestContext {
  world: World;
  req: IncomingMessage;
  res: ServerResponse;
  /** The route pattern's capture groups, percent-decoded. */
  params: string[];
}

export interface Route {
  methods: readonly string[];
  path: RegExp;
  handle(ctx: RequestContext): Promise<void> | void;
}

export function matchRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): { route: Route; params: string[] } {
  const allowed = new Set<string>();
  for (const route of routes) {
    const match = route.path.exec(pathname);
    if (!match) continue;
    if (!route.methods.includes(method)) {
      route.methods.forEach((m) => allowed.add(m));
      continue;
    }
    try {
      return { route, params: match.slice(1).map((p) => decodeURIComponent(p ?? "")) };
    } catch {
      throw new SimError("not_found", `No such resource: ${pathname}`);
    }
  }
  if (allowed.size > 0) {
    throw new SimError("method_not_allowed", `${method} is not allowed on ${pathname}`, {
      allow: [...allowed],
    });
  }
  throw new SimError("not_found", `No such resource: ${pathname}`);
}
