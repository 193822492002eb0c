import { describe, expect, it } from 'vitest';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as entryRoute from '@/app/silo/v1/entries/[id]/route';
import * as envelopesRoute from '@/app/silo/v1/envelopes/route';
import { newId } from '@/lib/ids';
import { call } from '@/tests/support/call';
import { createWorkspace, freshCuit } from '@/tests/support/scenario';

const party = (code = freshCuit()) => ({ name: 'Ferretería El Tornillo S.R.L.', tax_id: { country: 'AR', code } });

describe('POST /silo/v1/entries', () => {
  it('creates a supplier entry with status Empty and a normalised CUIT', async () => {
    const { api_key, owner_id } = await createWorkspace();
    const code = freshCuit();
    const hyphenated = `${code.slice(0, 2)}-${code.slice(2, 10)}-${code.slice(10)}`;
    const { status, body } = await call(entriesRoute.POST, {
      token: api_key,
      body: { folder: 'suppliers', data: { $schema: 'https://gobl.org/draft-0/org/party', ...party(hyphenated) } },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ owner_id, folder: 'suppliers', status: 'Empty', meta: [] });
    expect(body.data.tax_id.code).toBe(code);
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('allows several entries for one CUIT', async () => {
    const { api_key } = await createWorkspace();
    const code = freshCuit();
    const first = await call(entriesRoute.POST, { token: api_key, body: { folder: 'suppliers', data: party(code) } });
    const second = await call(entriesRoute.POST, { token: api_key, body: { folder: 'suppliers', data: party(code) } });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.id).not.toBe(second.body.id);
  });

  it('treats a repeated key as idempotent and a changed body under that key as a conflict', async () => {
    const { api_key } = await createWorkspace();
    const body = { folder: 'suppliers', key: 'erp-42', data: party() };
    const first = await call(entriesRoute.POST, { token: api_key, body });
    const again = await call(entriesRoute.POST, { token: api_key, body });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const changed = await call(entriesRoute.POST, { token: api_key, body: { ...body, data: party() } });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('conflict');
  });

  it.each([
    [
      'a CUIT with a wrong check digit',
      { folder: 'suppliers', data: { name: 'X', tax_id: { country: 'AR', code: '30712345672' } } },
      'data.tax_id.code',
    ],
    [
      'a CUIT of 10 digits',
      { folder: 'suppliers', data: { name: 'X', tax_id: { country: 'AR', code: '3071234567' } } },
      'data.tax_id.code',
    ],
    [
      'an unknown CUIT prefix',
      { folder: 'suppliers', data: { name: 'X', tax_id: { country: 'AR', code: '11712345671' } } },
      'data.tax_id.code',
    ],
    [
      'another country',
      { folder: 'suppliers', data: { name: 'X', tax_id: { country: 'UY', code: '30712345671' } } },
      'data.tax_id.country',
    ],
    ['no name', { folder: 'suppliers', data: { tax_id: { country: 'AR', code: '30712345671' } } }, 'data.name'],
    ['no tax id', { folder: 'suppliers', data: { name: 'X' } }, 'data.tax_id'],
    ['an unknown folder', { folder: 'customers', data: { name: 'X' } }, 'folder'],
    [
      'an unknown top-level field',
      { folder: 'suppliers', data: { name: 'X', tax_id: { country: 'AR', code: '30712345671' } }, colour: 'red' },
      'colour',
    ],
    [
      'a foreign $schema',
      {
        folder: 'suppliers',
        data: { $schema: 'https://example.com/x', name: 'X', tax_id: { country: 'AR', code: '30712345671' } },
      },
      'data.$schema',
    ],
  ])('answers 422 naming the field for %s', async (_case, body, field) => {
    const { api_key } = await createWorkspace();
    const { status, body: error } = await call(entriesRoute.POST, { token: api_key, body });
    expect(status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields)).toContain(field);
  });

  it.each([
    ['malformed JSON', { raw: '{"folder":', headers: { 'content-type': 'application/json' } }, 400, 'malformed_json'],
    ['an empty body', { raw: '', headers: { 'content-type': 'application/json' } }, 400, 'malformed_json'],
    [
      'a form body',
      { raw: 'folder=suppliers', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      'unsupported_media_type',
    ],
    [
      'a body over 1 MiB',
      {
        raw: JSON.stringify({ folder: 'suppliers', data: { name: 'x'.repeat(1_100_000) } }),
        headers: { 'content-type': 'application/json' },
      },
      413,
      'payload_too_large',
    ],
  ])('rejects %s with its code and no stack trace', async (_case, options, status, code) => {
    const { api_key } = await createWorkspace();
    const result = await call(entriesRoute.POST, { token: api_key, method: 'POST', ...options });
    expect(result.status).toBe(status);
    expect(result.body).toEqual({ code, message: expect.any(String) });
    expect(result.body.message).not.toMatch(/at .*\.ts|Error:/);
  });

  it('needs a valid bearer token', async () => {
    const none = await call(entriesRoute.POST, { body: { folder: 'suppliers', data: party() } });
    const wrong = await call(entriesRoute.POST, {
      token: 'sk_test_nope',
      body: { folder: 'suppliers', data: party() },
    });
    expect([none.status, wrong.status]).toEqual([401, 401]);
    expect(none.body.code).toBe('unauthorized');
  });
});

describe('PUT /silo/v1/entries/{id}', () => {
  it('creates with the client-chosen id, replays the same body, and refuses a different one', async () => {
    const { api_key } = await createWorkspace();
    const id = newId();
    const body = { folder: 'suppliers', data: party() };
    const created = await call(entryRoute.PUT, { token: api_key, method: 'PUT', params: { id }, body });
    const replay = await call(entryRoute.PUT, { token: api_key, method: 'PUT', params: { id }, body });
    const different = await call(entryRoute.PUT, {
      token: api_key,
      method: 'PUT',
      params: { id },
      body: { ...body, data: party() },
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(id);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(created.body);
    expect(different.status).toBe(409);
  });

  it('answers 404 for an id that is not a UUID', async () => {
    const { api_key } = await createWorkspace();
    const result = await call(entryRoute.PUT, {
      token: api_key,
      method: 'PUT',
      params: { id: 'not-a-uuid' },
      body: { folder: 'suppliers', data: party() },
    });
    expect(result.status).toBe(404);
    expect(result.body.code).toBe('entry_not_found');
  });
});

describe('GET /silo/v1/entries', () => {
  it("fetches one entry and hides other workspaces' entries", async () => {
    const mine = await createWorkspace();
    const theirs = await createWorkspace();
    const { body: entry } = await call(entriesRoute.POST, {
      token: mine.api_key,
      body: { folder: 'suppliers', data: party() },
    });
    const found = await call(entryRoute.GET, { token: mine.api_key, params: { id: entry.id } });
    const hidden = await call(entryRoute.GET, { token: theirs.api_key, params: { id: entry.id } });
    expect(found.body).toEqual(entry);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('entry_not_found');
  });

  it('lists newest first across pages with an opaque cursor', async () => {
    const { api_key } = await createWorkspace();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await call(entriesRoute.POST, { token: api_key, body: { folder: 'suppliers', data: party() } });
      ids.push(body.id);
    }
    const first = await call(entriesRoute.GET, { token: api_key, query: { folder: 'suppliers', limit: '2' } });
    const second = await call(entriesRoute.GET, {
      token: api_key,
      query: { folder: 'suppliers', limit: '2', cursor: first.body.next_cursor },
    });
    const third = await call(entriesRoute.GET, {
      token: api_key,
      query: { folder: 'suppliers', limit: '2', cursor: second.body.next_cursor },
    });
    const seen = [...first.body.list, ...second.body.list, ...third.body.list].map((e: { id: string }) => e.id);
    expect(seen).toEqual([...ids].reverse());
    expect(first.body.limit).toBe(2);
    expect(third.body.next_cursor).toBeUndefined();
  });

  it.each([
    [{ cursor: 'garbage' }, 'invalid_cursor'],
    [{ cursor: Buffer.from('["x","y"]').toString('base64url') }, 'invalid_cursor'],
    [{ limit: '0' }, 'invalid_parameter'],
    [{ limit: '101' }, 'invalid_parameter'],
    [{ limit: 'ten' }, 'invalid_parameter'],
  ])('answers 400 for the query %o', async (query, code) => {
    const { api_key } = await createWorkspace();
    const result = await call(entriesRoute.GET, { token: api_key, query });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe(code);
  });

  it('lists no envelopes for a workspace without invoices', async () => {
    const { api_key } = await createWorkspace();
    const result = await call(envelopesRoute.GET, { token: api_key });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ list: [], limit: 20 });
  });
});
