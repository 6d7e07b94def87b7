// Per-user rate limiting with upstream's 429 body and Retry-After header, when configured.
import type { ServerContext } from '../context';
import { ApiError } from '../lib/errors';

const WINDOW_MS = 60_000;

export class RateLimiter {
  private hits = new Map<number, number[]>();

  constructor(private readonly ctx: ServerContext) {}

  check(userId: number): void {
    const limit = this.ctx.config.rateLimitPerMinute;
    if (limit === null) return;
    const now = this.ctx.clock.now();
    const recent = (this.hits.get(userId) ?? []).filter((time) => now - time < WINDOW_MS);
    if (recent.length >= limit) {
      const retryAfter = ((recent[0] ?? now) + WINDOW_MS - now) / 1000;
      this.hits.set(userId, recent);
      throw new ApiError('RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': retryAfter }, {
        status: 429,
        headers: { 'Retry-After': String(Math.ceil(retryAfter)) },
      });
    }
    recent.push(now);
    this.hits.set(userId, recent);
  }
}
