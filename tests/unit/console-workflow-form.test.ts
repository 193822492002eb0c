// The console's workflow form reads as the API's WorkflowBody: origins one per line, an empty webhook
// left out, and the API's reasons under the API's paths.
import { describe, expect, it } from 'vitest';
import { EMPTY_WORKFLOW_FORM, WorkflowForm } from '@/lib/console/workflow-form';

const form = (values: Partial<typeof EMPTY_WORKFLOW_FORM>) =>
  WorkflowForm.safeParse({ ...EMPTY_WORKFLOW_FORM, ...values });
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('WorkflowForm', () => {
  it('makes the smallest body from an empty form', () => {
    expect(form({}).data).toEqual({ template: 'ar-supplier-registration' });
  });

  it('takes the name, the webhook and one origin per line (blank lines and case forgiven)', () => {
    const parsed = form({
      name: '  Alta AR ',
      webhook: { url: 'https://hooks.example.com/ar', secret: SECRET },
      allowed_origins: 'https://erp.example.com\r\n\n  HTTPS://Portal.Example.com/  \n',
    });
    expect(parsed.data).toEqual({
      template: 'ar-supplier-registration',
      name: 'Alta AR',
      webhook: { url: 'https://hooks.example.com/ar', secret: SECRET },
      allowed_origins: ['https://erp.example.com', 'https://portal.example.com'],
    });
  });

  it.each([
    ['a webhook URL that is none', { webhook: { url: 'hooks.example.com', secret: '' } }, 'webhook.url'],
    ['a secret without a URL', { webhook: { url: '', secret: SECRET } }, 'webhook.url'],
    [
      'a secret too short',
      { webhook: { url: 'https://hooks.example.com', secret: 'whsec_c2hvcnQ=' } },
      'webhook.secret',
    ],
    [
      'an origin with a path, on its line',
      { allowed_origins: 'https://a.example.com\nhttps://b.example.com/app' },
      'allowed_origins.1',
    ],
  ])("refuses %s under the API's path", (_, values, path) => {
    const parsed = form(values);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join('.'))).toEqual([path]);
  });
});
