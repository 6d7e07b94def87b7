// Performance marks a screen sets at the moments a user would notice (asked for its data, first painted,
// a search key pressed, the searched view painted). The benchmarks (e2e/bench/) read them in Chromium;
// anyone profiling sees them in the performance panel. Each name keeps only its latest mark, so a long
// session does not pile them up. The names are each screen's (users/user-marks.ts, channels/channel-marks.ts).

export function mark(name: string, detail?: unknown): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.clearMarks(name);
  performance.mark(name, detail === undefined ? undefined : { detail });
}

/**
 * Runs after the browser has painted the current frame: requestAnimationFrame runs just before the
 * paint, and a message posted from there is handled right after it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let cancelled = false;
  const frame = requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      if (!cancelled) callback();
    };
    channel.port2.postMessage(null);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}
