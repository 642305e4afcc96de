/**
 * The dashboard's own HTTP API (docs/api.md): every shape its routes take and answer, declared once
 * as a zod schema with its type inferred. Route handlers, the browser client and the tests import
 * from here.
 */
export * from "./errors";
export * from "./error-body";
export * from "./parse";
export * from "./pages";
export * from "./renders";
export * from "./uploads";
export * from "./team";
export * from "./account";
export * from "./health";
export * from "./settings";
export * from "./events";
export * from "./downloads";
export * from "./presets";
export * from "./shares";
export * from "./names";
export * from "./boards";
export * from "./usage";
export * from "./tokens";
export * from "./runs";
export * from "./notices";
export * from "./rates";
export * from "./approvals";
export * from "./limits";
export * from "./sso";
export * from "./audit";
export * from "./people";
export * from "./references";
export * from "./cull";
export * from "./review";
export * from "./notifications";
export * from "./push";
