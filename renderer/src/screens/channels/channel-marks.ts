// The Channels screen's performance marks (set with lists/perf-marks.ts' `mark`): the screen
// asked for the list, the list first painted, a search key pressed, the filtered list painted. The
// benchmark (e2e/bench/channels-list.ts) reads them in Chromium.
export const CHANNEL_MARKS = {
  mounted: 'channels:mounted',
  painted: 'channels:painted',
  searchKey: 'channels:search-key',
  searchPainted: 'channels:search-painted',
} as const;

/** The permission matrix's (e2e/bench/channels-matrix.ts): its search box is the list's, so a key is CHANNEL_MARKS.searchKey. */
export const MATRIX_MARKS = {
  mounted: 'matrix:mounted',
  painted: 'matrix:painted',
  searchPainted: 'matrix:search-painted',
} as const;
