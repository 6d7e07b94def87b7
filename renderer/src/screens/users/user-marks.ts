// The Users screen's performance marks (set with lists/perf-marks.ts' `mark`): the screen asked for the
// list, the table first painted, a search key pressed, the filtered table painted. The benchmark
// (e2e/bench/users-table.ts) reads them.

export const MARKS = {
  mounted: 'users:mounted',
  painted: 'users:painted',
  searchKey: 'users:search-key',
  searchPainted: 'users:search-painted',
} as const;
