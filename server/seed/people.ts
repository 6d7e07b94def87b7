// Generated people for the seeds: deterministic names, addresses and time zones from a seeded source.
const FIRST = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Luca', 'Maya', 'Nils', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tara', 'Umar', 'Vera', 'Wen', 'Ximena', 'Yusuf', 'Zoe'];
const LAST = ['Andersen', 'Baker', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen', 'Kowalski', 'Lopez', 'Moreau', 'Novak', 'Okafor', 'Petrov', 'Quist', 'Rossi', 'Silva', 'Tanaka', 'Usman', 'Varga', 'Weber', 'Xu', 'Yilmaz', 'Zhang'];
const ZONES = ['Europe/Berlin', 'Europe/London', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Asia/Kolkata', 'Africa/Lagos', 'Australia/Sydney'];

export interface Person {
  fullName: string;
  email: string;
  timezone: string;
}

/** `count` distinct people; the same source state always gives the same people. */
export function generatedPeople(random: { next(): number }, count: number, domain = 'sandbox.test'): Person[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random.next() * list.length)] as T;
  const seen = new Map<string, number>();
  const people: Person[] = [];
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const base = `${first}.${last}`.toLowerCase();
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    people.push({
      fullName: n === 1 ? `${first} ${last}` : `${first} ${last} ${n}`,
      email: `${n === 1 ? base : `${base}${n}`}@${domain}`,
      timezone: pick(ZONES),
    });
  }
  return people;
}
