// The console's lists and forms beyond the main journey: suppliers paged with the API's cursor, a
// registration someone else already started, the workflow form checked in the browser by the API's own
// schema, every signed-in page at 360 px with no horizontal scrolling, and the suppliers searched by name
// or CUIT and filtered by status (a used link not offered to copy).
import { expect, test, type Page } from '@playwright/test';
import {
  ConsoleConfigurationPage,
  ConsoleEmbedPage,
  ConsoleSignInPage,
  ConsoleSupplierPage,
  ConsoleSuppliersPage,
} from '@/tests/e2e/pages/console';
import { expectNoSeriousViolations } from '@/tests/e2e/support/accessibility';
import { saveScreenshot } from '@/tests/e2e/support/artefacts';
import { createSupplier, createWorkspace, newCuit, openRegistration, startJob } from '@/tests/e2e/support/integrator';
import { registeredSupplier } from '@/tests/e2e/support/invoicing';
import { pageWidths, writtenCuit } from '@/tests/e2e/support/wizard-checks';

async function signIn(page: Page, apiKey: string): Promise<ConsoleSuppliersPage> {
  await new ConsoleSignInPage(page).goto();
  await new ConsoleSignInPage(page).signIn(apiKey);
  const suppliers = new ConsoleSuppliersPage(page);
  await expect(suppliers.heading('Suppliers')).toBeVisible();
  return suppliers;
}

test('suppliers come a page at a time; a registration already under way is said plainly', async ({ page }) => {
  const workspace = await createWorkspace();
  const names = Array.from({ length: 21 }, (_, i) => `Proveedor ${String(i + 1).padStart(2, '0')} S.A.`);
  for (const name of names) await createSupplier(workspace, name);

  const suppliers = await signIn(page, workspace.apiKey);
  // Newest first: the first supplier made is on the second page.
  await expect(suppliers.list.getByRole('listitem')).toHaveCount(20);
  await expect(suppliers.supplier(names[0]!).root).toHaveCount(0);
  await suppliers.showMore.click();
  await expect(suppliers.list.getByRole('listitem')).toHaveCount(21);
  await expect(suppliers.supplier(names[0]!).root).toBeVisible();
  await expect(suppliers.showMore).toHaveCount(0);

  // Another system starts the newest supplier's registration while the page still shows it Empty.
  const newest = suppliers.supplier(names[20]!);
  await expect(newest.status()).toHaveText('Empty');
  const entryId = new URL((await newest.link.getAttribute('href')) ?? '', 'http://x').pathname.split('/').at(-1)!;
  await startJob(workspace, entryId);
  await newest.startRegistration.click();
  await expect(newest.message()).toHaveText(
    'A registration is already in progress for this supplier: send them its link, or wait until it ends.',
  );
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('every console page fits the screen; the workflow form checks a secret as the API does', async ({
    page,
  }, testInfo) => {
    const workspace = await createWorkspace({ name: 'Transportes-Patagónicos-Integrales-del-Sur S.A.' });
    const link = await openRegistration(workspace, { name: 'Transportes-Patagónicos-Integrales-del-Sur-y-Cuyo S.A.' });
    const fits = async (name: string) => {
      const { scrollWidth, clientWidth } = await pageWidths(page);
      expect(clientWidth).toBe(360);
      expect(scrollWidth, `${name}: no horizontal scroll`).toBeLessThanOrEqual(360);
      await saveScreenshot(page, testInfo, `console-360-${name}`);
    };

    const suppliers = await signIn(page, workspace.apiKey);
    await expect(suppliers.supplier(link.name).registrationLink).toHaveText(link.url);
    await fits('suppliers');

    await suppliers.invoicesLink.click();
    await expect(suppliers.heading('Invoices')).toBeVisible();
    await expect(
      page.getByText('There are no invoices yet: store one through the API and it appears here.'),
    ).toBeVisible();
    await fits('invoices');

    await suppliers.configurationLink.click();
    const configuration = new ConsoleConfigurationPage(page);
    await expect(configuration.argentina).toContainText('Connected since');
    await configuration.fillWorkflow({ webhookUrl: 'https://hooks.example.com/ar', webhookSecret: 'whsec_c2hvcnQ=' });
    await configuration.createWorkflow.click();
    await expect(configuration.webhookSecret).toHaveAttribute('aria-invalid', 'true');
    await expect(configuration.webhookSecret).toHaveAccessibleDescription(/must hold 24 to 64 random bytes/);
    await fits('configuration');
    await expectNoSeriousViolations(page, testInfo, 'console-360-configuration');

    await page.goto(`/console/suppliers/${link.entryId}`);
    const supplierPage = new ConsoleSupplierPage(page);
    await expect(supplierPage.step(supplierPage.latestJob(), 'gov-ar.wait.authorization')).toContainText('waiting');
    await fits('supplier');

    await supplierPage.openEmbedded.click();
    const embed = new ConsoleEmbedPage(page);
    await expect(embed.messages.first()).toContainText('step');
    await fits('embedded');
  });
});

test('suppliers are searched by name or CUIT and filtered by status; a used link is not offered to copy', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const workspace = await createWorkspace({ name: 'Búsquedas S.A.' });
  const norte = newCuit();
  await createSupplier(workspace, 'Ferretería del Norte S.A.', norte);
  await createSupplier(workspace, 'Panadería La Espiga S.R.L.');
  const registered = await registeredSupplier(workspace, { name: 'Ferretería del Sur S.R.L.' });

  const suppliers = await signIn(page, workspace.apiKey);
  await expect(suppliers.list.getByRole('listitem')).toHaveCount(3);

  await test.step('a part of the name, in any case', async () => {
    await suppliers.searchText.fill('FERRETERÍA DEL');
    await suppliers.search.click();
    await expect(suppliers.searchOutcome).toHaveText('Showing the suppliers matching “FERRETERÍA DEL”, newest first.');
    await expect(suppliers.list.getByRole('listitem')).toHaveCount(2);
    await expect(suppliers.supplier('Panadería La Espiga S.R.L.').root).toHaveCount(0);
  });

  await test.step('a CUIT as people write it: that supplier alone', async () => {
    await suppliers.searchText.fill(writtenCuit(norte));
    await suppliers.search.click();
    await expect(suppliers.list.getByRole('listitem')).toHaveCount(1);
    await expect(suppliers.supplier('Ferretería del Norte S.A.').root).toBeVisible();
  });

  await test.step('a status, with the name searched', async () => {
    await suppliers.searchText.fill('ferretería');
    await suppliers.statusFilter.selectOption('Registered');
    await expect(suppliers.searchOutcome).toHaveText(
      'Showing the suppliers matching “ferretería” with the status Registered, newest first.',
    );
    await expect(suppliers.list.getByRole('listitem')).toHaveCount(1);
    const card = suppliers.supplier(registered.name);
    await expect(card.status()).toHaveText('Registered');
    // The status once, and the link it was registered with is not offered again.
    await expect(card.root.getByText('Registered', { exact: true })).toHaveCount(1);
    await expect(
      card.root.getByText('The supplier has used this link. Send a renewal to make a new one.'),
    ).toBeVisible();
    await expect(card.registrationLink).toHaveCount(0);
    await expect(card.copyLink).toHaveCount(0);
    await expectNoSeriousViolations(page, testInfo, 'console-suppliers-search');
    await saveScreenshot(page, testInfo, 'console-suppliers-search');

    await suppliers.statusFilter.selectOption('Error');
    await expect(suppliers.searchOutcome).toHaveText('No supplier matches this search.');
    await expect(suppliers.list.getByRole('listitem')).toHaveCount(0);
  });

  await test.step('cleared: every supplier; a renewal makes a link to copy again', async () => {
    await suppliers.clearSearch.click();
    await expect(suppliers.list.getByRole('listitem')).toHaveCount(3);
    await expect(suppliers.statusFilter).toHaveValue('');
    await expect(suppliers.searchText).toHaveValue('');
    const card = suppliers.supplier(registered.name);
    await card.sendRenewal.click();
    await expect(card.registrationLink).toHaveText(/\/reg\/[\w-]+$/);
    await expect(card.registrationLink).not.toHaveText(registered.url);
    await expect(card.copyLink).toBeVisible();
  });
});
