// The keys both channel benchmarks type into the Channels screen's search box (the list's and the
// matrix's): narrowing to a few channels by name and by description, and widening back to all of them.
export const KEYS = [...'team-01', ...Array(7).fill('Backspace'), ...'club 19', ...Array(7).fill('Backspace'), ...'number 7', ...Array(8).fill('Backspace')] as string[];
