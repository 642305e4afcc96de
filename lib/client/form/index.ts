export * from "./values";
export * from "./wording";
export * from "./mapper";
export * from "./references";
export * from "./lazy-resolver";
export * from "./submission";
export * from "./upload-check";
export * from "./recent-submission";
