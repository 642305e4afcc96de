export { MediaPreview, fileNameOf } from "./media-preview";
export { ReferenceDropZone } from "./reference-drop-zone";
export { ReferenceLibraryDialog } from "./reference-library-dialog";
export { ReferenceList } from "./reference-list";
export { UploadQueueList } from "./upload-queue-list";
export { useUploadQueue, type QueuedUpload, type UploadQueue } from "./use-upload-queue";
