// /docs/api renders the OpenAPI document for people: every operation under its tag, and every link
// within the page lands on something.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ApiReferencePage from '@/app/docs/api/page';
import { openApiDocument } from '@/lib/openapi/document';

const html = renderToStaticMarkup(ApiReferencePage());
const ids = new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]));

describe('/docs/api', () => {
  it('shows every operation of the document, with its method and path', () => {
    for (const [path, byMethod] of Object.entries(openApiDocument().paths)) {
      for (const [method, operation] of Object.entries(byMethod)) {
        expect(ids.has(operation.operationId), operation.operationId).toBe(true);
        expect(html).toContain(`${method.toUpperCase()}</span>`);
        expect(html).toContain(`>${path}</code>`);
      }
    }
  });

  it('links to the machine-readable document and back home', () => {
    expect(html).toContain('href="/openapi.json"');
    expect(html).toContain('href="/"');
  });

  it('has every in-page link land on an element', () => {
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);
    expect(targets.length).toBeGreaterThan(50);
    expect(targets.filter((target) => !ids.has(target))).toEqual([]);
  });

  it('says the error codes of an operation', () => {
    expect(html).toContain('<code class="rounded bg-slate-100 px-1.5 py-0.5">certificate_cuit_mismatch</code>');
  });

  it('has one h1 and a heading for each tag', () => {
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    for (const tag of openApiDocument().tags)
      expect(html).toMatch(new RegExp(`<h2 id="tag-${tag.name.toLowerCase()}"`));
  });
});
