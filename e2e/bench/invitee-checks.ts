// Prints how long the Compose step takes for a department-sized paste: parse, dedupe and check
// 10,000 addresses against a 20,000-user realm (`npx tsx e2e/bench/invitee-checks.ts`, or
// `npm run bench`). A figure to watch, never a test assertion (docs/style.md, "Tests").
import { performance } from 'node:perf_hooks';
import { dedupeInvitees, parseAddressList } from '../../shared/domain/address-list';
import { checkInvitees, indexUsers, type UserLike } from '../../shared/domain/invitee-checks';

const USERS = 20_000;
const ADDRESSES = 10_000;
const RUNS = 15;

// A realm like `--seed large`: every tenth account deactivated.
const users: UserLike[] = Array.from({ length: USERS }, (_, i) => ({
  email: `user${i}@bench.example`,
  delivery_email: `user${i}@bench.example`,
  is_active: i % 10 !== 0,
}));

// A pasted list as spreadsheets export it: most new, some already members, some deactivated, some
// typos, some listed twice, half with a display name, separated by newlines and commas.
const lines = Array.from({ length: ADDRESSES }, (_, i) => {
  let email = `new.person${i}@company.example`;
  if (i % 10 === 1) email = `user${i}@bench.example`;
  if (i % 50 === 2) email = `user${i * 10}@bench.example`;
  if (i % 100 === 3) email = `broken${i}@@company`;
  if (i % 40 === 4) email = `NEW.PERSON${i - 4}@company.example`;
  return i % 2 ? `"Person ${i}" <${email}>` : email;
});
const text = lines.map((line, i) => line + (i % 3 ? '\n' : ', ')).join('');

function once(): { ms: number; counts: Record<string, number> } {
  const start = performance.now();
  const parsed = parseAddressList(text);
  const { unique } = dedupeInvitees(parsed);
  // The core checks what the screen sends: every entry, duplicates included, so each gets a verdict.
  const checked = checkInvitees(parsed, indexUsers(users));
  const ms = performance.now() - start;
  const counts: Record<string, number> = { unique: unique.length };
  for (const { check } of checked) counts[check] = (counts[check] ?? 0) + 1;
  return { ms, counts };
}

// Warm up the JIT, as a console that has been open a while would be.
for (let i = 0; i < 3; i++) once();
const times: number[] = [];
let counts: Record<string, number> = {};
for (let i = 0; i < RUNS; i++) {
  const run = once();
  times.push(run.ms);
  counts = run.counts;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? NaN;

const indexStart = performance.now();
const index = indexUsers(users);
const indexMs = performance.now() - indexStart;
const checkStart = performance.now();
checkInvitees(parseAddressList(text), index);
const checkMs = performance.now() - checkStart;

console.log(`${ADDRESSES} addresses (${text.length} characters) against ${USERS} users, ${RUNS} runs:`);
console.log(`parse + dedupe + check, index of users included: median ${median.toFixed(1)} ms (min ${(times[0] ?? NaN).toFixed(1)}, max ${(times[times.length - 1] ?? NaN).toFixed(1)})`);
console.log(`  of which indexing the ${USERS} users: ${indexMs.toFixed(1)} ms; parse + check with the index ready: ${checkMs.toFixed(1)} ms`);
console.log(`verdicts: ${Object.entries(counts).map(([check, n]) => `${check} ${n}`).join(', ')}`);
