export { LazyRenderForm } from "./lazy-render-form";
export type { RenderFormProps } from "./render-form";
