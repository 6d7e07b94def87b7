// The idle filter: a number beyond what presence can tell becomes the limit, and the note beside the
// box says so rather than changing it silently.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, test } from 'vitest';
import { emptyFacetCounts } from '../../../../shared/domain/user-counts';
import { FilterBar } from './FilterBar';
import { NO_FILTERS, type UserFilters } from './user-index';

afterEach(cleanup);

function Harness() {
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  return (
    <>
      <FilterBar filters={filters} counts={emptyFacetCounts()} historyLimitDays={365} onChange={(change) => setFilters({ ...filters, ...change })} />
      <button type="button" onClick={() => setFilters(NO_FILTERS)}>
        Clear filters
      </button>
    </>
  );
}

const box = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Not active for (days)' });
/** The box's accessible description: the note it names in aria-describedby. */
const note = () => document.getElementById(box().getAttribute('aria-describedby') ?? '')?.textContent;

test('days beyond the presence history become the limit, and the note says so', () => {
  render(<Harness />);
  expect(note()).toBe('Presence known for 365 days; bots left out.');
  fireEvent.change(box(), { target: { value: '9999' } });
  expect(box().value).toBe('365');
  expect(note()).toBe('Presence is known for 365 days only, so 9999 became 365; bots left out.');
  fireEvent.change(box(), { target: { value: '30' } });
  expect(box().value).toBe('30');
  expect(note()).toBe('Presence known for 365 days; bots left out.');
});

test('the note goes with the number when the filters are cleared', () => {
  render(<Harness />);
  fireEvent.change(box(), { target: { value: '400' } });
  expect(note()).toMatch(/so 400 became 365/);
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(box().value).toBe('');
  expect(note()).toBe('Presence known for 365 days; bots left out.');
});
