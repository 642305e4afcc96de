/**
 * Everything one simulator instance holds in memory. Each `startSimulator` call gets its own, so
 * tests can run several independent services in one process.
 */
import { Accounts } from "./accounts";
import { FaultInjector, type FaultConfig } from "./faults";
import { FAIR_USE_IMAGE_VARIANTS, FAIR_USE_WINDOW_MS } from "./render-create";
import { AccountLimiter } from "./limits";
import { RenderStore } from "./renders";
import { Stats } from "./stats";
import { UploadStore } from "./uploads";

/** Spec §8: 60 polls per minute per account. Real time: the time scale never stretches it. */
export const POLLS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

export interface WorldConfig {
  timeScale: number;
  uploadMaxBytes: number;
  publicBaseUrl: string;
  uploadDir: string;
  /** Bytes of padding in every image output, for load tests (0: none). */
  mediaPaddingBytes: number;
  /** Zero bytes after every video output's clip, made while served, for load tests (0: none). */
  videoPaddingBytes: number;
  /** Faults the instance started with; `POST /__sim/reset` returns to these. */
  faults: Readonly<FaultConfig>;
}

export class World {
  readonly accounts = new Accounts();
  readonly renders = new RenderStore();
  readonly stats = new Stats();
  readonly polls = new AccountLimiter(POLLS_PER_MINUTE, MINUTE_MS);
  /** Fair use is about generation throughput, which the time scale speeds up, so its window scales. */
  readonly fairUse: AccountLimiter;
  readonly uploads: UploadStore;
  faults: FaultConfig;
  injector = new FaultInjector();
  /** Renders whose output is no longer served (`DELETE /__sim/media/{id}`), as after a CDN purge. */
  readonly expiredMedia = new Set<string>();

  constructor(readonly config: WorldConfig) {
    this.fairUse = new AccountLimiter(FAIR_USE_IMAGE_VARIANTS, FAIR_USE_WINDOW_MS * config.timeScale);
    this.uploads = new UploadStore(config.uploadDir);
    this.faults = { ...config.faults };
  }

  async reset(): Promise<void> {
    this.accounts.reset();
    this.renders.clear();
    this.expiredMedia.clear();
    this.stats.reset();
    this.polls.reset();
    this.fairUse.reset();
    this.faults = { ...this.config.faults };
    this.injector = new FaultInjector();
    await this.uploads.clear();
  }
}
