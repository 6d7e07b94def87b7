// The activity log's performance marks (set with lists/perf-marks.ts' `mark`): the log first painted
// with entries, a search key pressed, the searched log painted. The benchmark (e2e/bench/activity-log.ts)
// reads them.

export const ACTIVITY_MARKS = {
  painted: 'activity:painted',
  searchKey: 'activity:search-key',
  searchPainted: 'activity:search-painted',
} as const;
