/** Limits of boards, for the contract and the pages alike. */

export const BOARD_DESCRIPTION_MAX_CHARS = 500;
/** The most renders one request adds to or takes off a board (a gallery selection's worth). */
export const BOARD_MAX_RENDERS = 500;
/** Thumbnails a board shows in the list. */
export const BOARD_COVERS = 4;
/** A board id (`brd_…`): anything else is refused before the ledger is asked. */
export const BOARD_ID_PATTERN = /^brd_[A-Za-z0-9_-]{1,64}$/;
