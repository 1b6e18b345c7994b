/**
 * The contract between pages and `client:when` (src/browser/island-when.ts): the event that
 * opens an island by name, and the directive's options.
 */

/** Sent on `document` with the island's name as `detail`; stores/ui.ts actions send it. */
export const ISLAND_OPEN_EVENT = 'island:open';

export interface WhenOptions {
  /** Hydrate on the first open of this name. */
  open?: string;
  /** Start the download when a visitor points at or focuses a trigger matching this selector. */
  prefetch?: string;
  /** Hydrate once localStorage holds this key (a stored session). */
  session?: string;
}
