// A count and its noun, as every screen words one: "1 user", "2,048 users" (the number grouped as the
// user's locale groups it).
const count = new Intl.NumberFormat();

export const plural = (n: number, one: string, many: string): string => `${count.format(n)} ${n === 1 ? one : many}`;

/** The number alone, grouped the same way ("2,048"). */
export const grouped = (n: number): string => count.format(n);
