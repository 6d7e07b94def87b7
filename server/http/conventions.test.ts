// Conventions every endpoint follows (spec Conventions 1 and 6): multipart bodies on PATCH as on POST,
// and integer path IDs.
import { describe, expect, test } from 'vitest';
import { getUser } from '../../shared/api';
import { expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { clients, ids } = demoServerForFile();

describe('multipart bodies', () => {
  test('a PATCH may be multipart, as upstream clients send it', async () => {
    const form = new FormData();
    form.set('full_name', 'Mark Multipart');
    form.set('role', '300');
    expectSuccess(await clients.adam.patchMultipart(`/users/${String(ids.person.mark)}`, form));
    const mark = getUser.reply.parse((await clients.adam.get(`/users/${String(ids.person.mark)}`)).body).user;
    expect(mark).toMatchObject({ full_name: 'Mark Multipart', role: 300 });
  });

  test('a multipart PATCH gets the same errors as a form-encoded one', async () => {
    const form = new FormData();
    form.set('description', 'x'.repeat(1025));
    const response = await clients.adam.patchMultipart(`/streams/${String(ids.channel.general)}`, form);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'description is too long (limit: 1024 characters)' });
  });
});

describe('path IDs are integers', () => {
  const notFound = { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' };

  test.each([
    ['PATCH', '/streams/abc'],
    ['GET', '/users/1.5'],
    ['DELETE', '/invites/-1'],
    ['POST', '/messages/1e3/report'],
    ['GET', '/users/me/general/topics'],
  ] as const)('%s %s matches no endpoint: 404, as upstream\u2019s integer routes answer', async (method, path) => {
    const send = { GET: clients.adam.get, PATCH: clients.adam.patch, DELETE: clients.adam.delete, POST: clients.adam.post }[method];
    const response = await send(path, {});
    expect(response.status).toBe(404);
    expect(response.body).toEqual(notFound);
  });

  test('the same paths with integer IDs reach their endpoints', async () => {
    expectSuccess(await clients.adam.patch(`/streams/${String(ids.channel.general)}`, { description: 'Everyone is here.' }));
    expectSuccess(await clients.adam.get(`/users/${String(ids.person.mark)}`));
    expect((await clients.adam.delete('/invites/999999')).body).toMatchObject({ msg: 'No such invitation' });
  });
});
