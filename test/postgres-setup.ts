/**
 * Vitest globalSetup of the `postgres` project: one real PostgreSQL server for the run, whose URL
 * each test file reads with `inject("postgresUrl")` to make its own databases (test/server-stack.ts).
 */
import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
