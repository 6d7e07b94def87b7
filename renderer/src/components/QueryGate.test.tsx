import { useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { BridgeError } from '../bridge/bridge';
import { renderWithQueries } from '../testing/fake-bridge';
import { QueryGate } from './QueryGate';

afterEach(cleanup);

const unreachable = new BridgeError({ code: 'NETWORK_ERROR', msg: 'Could not reach http://127.0.0.1:9: the connection was refused.' });

function Users({ load, retry }: { load: () => Promise<string[]>; retry: number | false }) {
  const query = useQuery({ queryKey: ['users'], queryFn: load, retry, retryDelay: 1 });
  return (
    <QueryGate query={query} loading="Loading the users of Sandbox Org" failure="Could not load the users of Sandbox Org">
      {(names) => <p>{names.join(', ')}</p>}
    </QueryGate>
  );
}

test('while the first tries fail, the loading line says what went wrong and that it is trying again', async () => {
  let tries = 0;
  const load = () => (++tries < 3 ? Promise.reject(unreachable) : new Promise<string[]>(() => {}));
  renderWithQueries(<Users load={load} retry={5} />);
  expect(await screen.findByText(/The last try failed: Could not reach http:\/\/127\.0\.0\.1:9/)).toBeTruthy();
  expect(screen.getByText(/Loading the users of Sandbox Org…/).textContent).toMatch(/Trying again\.$/);
});

test('once it gives up, it shows the reason in words, and “Try again” loads the data', async () => {
  let fail = true;
  const load = () => (fail ? Promise.reject(unreachable) : Promise.resolve(['Olivia Owner', 'Adam Admin']));
  renderWithQueries(<Users load={load} retry={false} />);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Could not load the users of Sandbox Org: Could not reach http://127.0.0.1:9');
  fail = false;
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
  expect(await screen.findByText('Olivia Owner, Adam Admin')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('data once loaded stays shown when a later read fails, under a notice that says so', async () => {
  let fail = false;
  const load = () => (fail ? Promise.reject(unreachable) : Promise.resolve(['Olivia Owner']));
  const { client } = renderWithQueries(<Users load={load} retry={false} />);
  expect(await screen.findByText('Olivia Owner')).toBeTruthy();
  fail = true;
  await act(() => client.invalidateQueries({ queryKey: ['users'] }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toMatch(/^Could not load the users of Sandbox Org: Could not reach .* Below is what was loaded before\./);
  expect(screen.getByText('Olivia Owner')).toBeTruthy();
});

test('a read refused before the server was ever reached says so in a line, without a second retry button', async () => {
  const notConnected = new BridgeError({ code: 'NOT_CONNECTED', msg: 'Not connected to http://127.0.0.1:9 yet, so nothing is loaded from it.', retryAt: 0 });
  renderWithQueries(<Users load={() => Promise.reject(notConnected)} retry={false} />);
  expect(await screen.findByText('Could not load the users of Sandbox Org: the console has not reached the server yet. This loads by itself once it answers.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
});
