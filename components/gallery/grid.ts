/** The gallery's column rule, shared by the list, its batches and its loading skeleton. */
export const GALLERY_GRID =
  "grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3 sm:grid-cols-[repeat(auto-fill,minmax(13rem,1fr))]";
