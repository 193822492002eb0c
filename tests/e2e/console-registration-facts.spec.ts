// The integrator's first question, answered (issue 31): where is each supplier, and why. The console
// (English, whatever the browser's language) says whether the link was ever opened, the uploads tried and
// the newest refusal (its code, message and time), on the supplier's page and in the list, whose "stuck
// only" filter finds them; job steps and meta records read in words. The same facts are in the entry's
// gov-ar/registration record, as the API gives it.
import { expect, test, type Page } from '@playwright/test';
import { ConsoleSignInPage, ConsoleSuppliersPage } from '@/tests/e2e/pages/console';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { expectNoSeriousViolations } from '@/tests/e2e/support/accessibility';
import { saveScreenshot } from '@/tests/e2e/support/artefacts';
import { createWorkspace, getEntry, openRegistration, type Workspace } from '@/tests/e2e/support/integrator';
import { E2E_BASE_URL } from '@/tests/e2e/support/server';

async function signIn(page: Page, workspace: Workspace): Promise<ConsoleSuppliersPage> {
  const signInPage = new ConsoleSignInPage(page);
  await signInPage.goto();
  await signInPage.signIn(workspace.apiKey);
  const suppliers = new ConsoleSuppliersPage(page);
  await expect(suppliers.heading('Suppliers')).toBeVisible();
  return suppliers;
}

async function uploadGarbage(ref: string) {
  const form = new FormData();
  form.set('certificate', new Blob(['no es un certificado']), 'certificado.crt');
  form.set('key', new Blob(['ni una clave']), 'clave.key');
  const response = await fetch(`${E2E_BASE_URL}/gov-ar/v1/registrations/${ref}/certificate`, {
    method: 'POST',
    body: form,
  });
  expect(response.status).toBe(422);
  return (await response.json()) as { code: string; message: string };
}

test('the console says whether the link was opened, the uploads tried and the last refusal; "stuck only" finds them', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const workspace = await createWorkspace({ name: 'Integradora Atascos S.A.' });
  const neverOpened = await openRegistration(workspace, { name: 'Nunca Abrió S.A.' });
  const refused = await openRegistration(workspace, { name: 'Nueve Intentos S.R.L.' });
  const moving = await openRegistration(workspace, { name: 'Va Bien S.A.' });

  // Two suppliers open their links; one of them has an upload refused.
  const wizard = new RegistrationWizardPage(page);
  for (const link of [refused, moving]) {
    await wizard.goto(link.path);
    await expect(wizard.heading(STEP_HEADINGS.company)).toBeVisible();
  }
  const refusal = await uploadGarbage(refused.ref);

  const suppliers = await signIn(page, workspace);
  // The console is English although this browser asks for Spanish.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const progressOf = (name: string) =>
    suppliers.list.getByRole('listitem').filter({ hasText: name }).locator('dt:text-is("Supplier\'s progress") + dd');
  await expect(progressOf('Nunca Abrió S.A.')).toHaveText('Link not opened yet');
  await expect(progressOf('Nueve Intentos S.R.L.')).toHaveText(`1 upload tried, last refused: ${refusal.code}`);
  await expect(progressOf('Va Bien S.A.')).toHaveText('Opened; at company details');
  await saveScreenshot(page, testInfo, 'console-list-progress');

  await page.getByRole('checkbox', { name: 'Stuck only' }).check();
  await expect(suppliers.list.getByRole('listitem')).toHaveCount(2);
  await expect(suppliers.list).toContainText('Nunca Abrió S.A.');
  await expect(suppliers.list).toContainText('Nueve Intentos S.R.L.');
  await expect(suppliers.list).not.toContainText('Va Bien S.A.');
  await expect(suppliers.searchOutcome).toContainText('whose registration is stuck');
  await saveScreenshot(page, testInfo, 'console-list-stuck');
  await expectNoSeriousViolations(page, testInfo, 'console-list-stuck');

  await page.goto(`/console/suppliers/${refused.entryId}`);
  const progress = page.getByTestId('registration-progress');
  await expect(progress).toContainText(/Link opened\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  await expect(progress).toContainText('Uploads1 upload tried');
  await expect(progress).toContainText(`${refusal.code}: ${refusal.message}`);
  await expect(progress).toContainText(/Last refused upload, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  // Steps and meta records in words: no technical step name, no raw JSON.
  const jobs = page.getByRole('list', { name: 'Steps' });
  await expect(jobs).toContainText("Wait for the supplier's certificate");
  await expect(jobs).not.toContainText('gov-ar.wait.authorization');
  const meta = page.getByRole('list', { name: 'Meta records' });
  await expect(meta).toContainText("The supplier's progress");
  await expect(meta).toContainText('Upload attempts');
  await expect(meta).not.toContainText('{');
  await saveScreenshot(page, testInfo, 'console-supplier-refusal');
  await expectNoSeriousViolations(page, testInfo, 'console-supplier-refusal');

  await page.goto(`/console/suppliers/${neverOpened.entryId}`);
  await expect(page.getByTestId('registration-progress')).toContainText('Not yet: the supplier never opened it');

  // The API gives integrators the same facts.
  const entry = await getEntry(workspace, refused.entryId);
  const record = entry.meta.find((m: { key: string }) => m.key === 'registration')!;
  expect(record.value).toMatchObject({
    upload_attempts: 1,
    link_opened_at: expect.stringMatching(/^\d{4}-/),
    last_failed_upload: { code: refusal.code, message: refusal.message, at: expect.stringMatching(/^\d{4}-/) },
  });
});
