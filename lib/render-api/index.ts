/**
 * The Render Service client (server-only). Import from here, not from the modules behind it.
 */
import "server-only";

export {
  type CallOptions,
  type RenderServiceClient,
  type RenderServiceConfig,
  type UploadInput,
  createRenderServiceClient,
} from "./client";
export {
  type DerivedErrorCode,
  RenderServiceError,
  isRenderServiceError,
  mayHaveTakenEffect,
} from "./errors";
export type {
  AccountRecord,
  CreateRenderResponse,
  RenderRecord,
  UploadRecord,
} from "@/lib/domain/service-records";
