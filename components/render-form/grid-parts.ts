/**
 * The form's grid code in one chunk, loaded with the prompt's first brace or the first press of
 * Grid: the axes, the preview and the count of a prompt's renders (one place the form loads it from).
 */
export { default as GridAxes } from "./grid-axes";
export { default as GridPreviewDialog } from "./grid-preview-dialog";
export { default as PromptVariablesCount } from "./prompt-variables-count";
