// What a job's remaining time reads as, the same in every job panel.

export function timeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, seconds)} s left`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `about ${minutes} min left` : `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}
