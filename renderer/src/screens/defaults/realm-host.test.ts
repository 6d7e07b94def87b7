import { expect, test } from 'vitest';
import { otherRealms } from './realm-host';

test('other realms leave out the current one and a second sign-in to it; two sign-ins to another both stay', () => {
  const current = { id: 'olivia', realmUrl: 'https://chat.example.com' };
  const accounts = [
    current,
    { id: 'adam', realmUrl: 'https://chat.example.com' },
    { id: 'ops', realmUrl: 'https://ops.example.com' },
    { id: 'ops-2', realmUrl: 'https://ops.example.com' },
    { id: 'lab', realmUrl: 'https://lab.example.com' },
  ];
  expect(otherRealms(accounts, current).map((account) => account.id)).toEqual(['ops', 'ops-2', 'lab']);
});
