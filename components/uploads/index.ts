export { ReferenceDropZone } from "./lazy-drop-zone";
export { ReferenceLibrary } from "./reference-library";
export { useUploadQueue, type QueuedUpload, type RenderToCopy, type UploadQueue } from "./use-upload-queue";
