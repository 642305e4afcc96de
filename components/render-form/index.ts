export { RenderForm } from "./render-form";
export type { RenderFormProps } from "./render-form";
