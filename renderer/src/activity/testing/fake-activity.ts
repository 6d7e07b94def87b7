// A fake bridge's answer to activity.query for component tests: the entries given (newest first),
// filtered by kind and searched by words as the core does, one page at a time. The core's own index is
// tested against a real log (electron/core/activity/activity-query.test.ts).
import type { ActivityEntry, ActivityFilters, ActivityPage } from '../../../../shared/ipc';

export function answerActivityQuery(entries: readonly ActivityEntry[]) {
  return ({ filters = {}, offset = 0, limit = 100 }: { filters?: ActivityFilters; offset?: number; limit?: number }): ActivityPage => {
    const words = (filters.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matching = entries.filter(
      (entry) =>
        (!filters.kinds || (entry.kind !== undefined && filters.kinds.includes(entry.kind))) &&
        words.every((word) => [entry.actor, entry.action, entry.target, entry.details, entry.error ?? ''].join('\n').toLowerCase().includes(word)),
    );
    const actors = [...new Map(entries.map((entry) => [entry.actorId ?? entry.actor, { id: entry.actorId ?? null, label: entry.actor }])).values()];
    return { total: matching.length, size: entries.length, entries: matching.slice(offset, offset + limit), choices: { actors, users: [], channels: [] } };
  };
}
