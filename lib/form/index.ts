export * from "./values";
export * from "./wording";
export * from "./fit-model";
export * from "./mapper";
export * from "./references";
export * from "./resolver";
export * from "./submission";
export * from "./upload-check";
