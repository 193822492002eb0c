// An integrator's and a supplier's side of the product over HTTP, against a running server
// (`npm start`): the JSON API, the emulator's portal, and the multipart certificate upload.
import { expect } from 'vitest';

export interface ApiAnswer {
  status: number;
  body: any;
}

export function productClient(baseUrl: string, adminToken: string) {
  async function api(method: string, route: string, body?: unknown, token?: string): Promise<ApiAnswer> {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  /** A workspace with the Argentina app connected and a registration workflow; returns its key and workflow. */
  async function workspace(sandbox: boolean, workflowExtra: Record<string, unknown> = {}) {
    const created = await api('POST', '/access/v1/workspaces', { name: 'HTTP test', sandbox }, adminToken);
    expect(created.status).toBe(201);
    const key = created.body.api_key as string;
    expect((await api('POST', '/access/v1/apps/gov-ar/connect', undefined, key)).status).toBe(200);
    const workflow = await api(
      'POST',
      '/transform/v1/workflows',
      { template: 'ar-supplier-registration', ...workflowExtra },
      key,
    );
    expect(workflow.status).toBe(201);
    return { key, workflow: workflow.body, ownerId: created.body.owner_id as string };
  }

  /** A supplier entry and its registration job, once the job has made the link. */
  async function supplierWithLink(key: string, workflowId: string, cuit: string, name = 'Distribuidora Añil S.A.') {
    const entry = await api(
      'POST',
      '/silo/v1/entries',
      { folder: 'suppliers', data: { name, tax_id: { country: 'AR', code: cuit } } },
      key,
    );
    expect(entry.status).toBe(201);
    const job = await api('POST', '/transform/v1/jobs', { workflow_id: workflowId, silo_entry_id: entry.body.id }, key);
    expect(job.status).toBe(202);
    for (let i = 0; i < 100; i++) {
      const { body } = await api('GET', `/silo/v1/entries/${entry.body.id}`, undefined, key);
      const link = body.meta.find((m: { key: string }) => m.key === 'link');
      if (link)
        return {
          entryId: entry.body.id as string,
          jobId: job.body.id as string,
          ref: link.ref as string,
          linkUrl: link.link_url as string,
        };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no link appeared');
  }

  /** What the supplier does in the authority's portal: a certificate for the request, and the web service. */
  async function issueAtPortal(
    environment: 'sandbox' | 'live',
    cuit: string,
    alias: string,
    csr: string,
  ): Promise<string> {
    const issued = await api('POST', '/emulator/portal/certificates', { environment, alias, csr });
    expect(issued.status).toBe(200);
    expect(
      (await api('POST', '/emulator/portal/authorizations', { environment, cuit, alias, service: 'wsfe' })).status,
    ).toBe(201);
    return issued.body.certificate as string;
  }

  async function uploadCertificate(ref: string, parts: Record<string, string>): Promise<ApiAnswer> {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (name === 'password') form.set(name, value);
      else form.set(name, new Blob([value]), `${name}.pem`);
    }
    const response = await fetch(`${baseUrl}/gov-ar/v1/registrations/${ref}/certificate`, {
      method: 'POST',
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  return { api, workspace, supplierWithLink, issueAtPortal, uploadCertificate };
}
