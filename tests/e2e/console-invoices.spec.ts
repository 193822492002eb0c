// The console's invoices (issues 16.6, 18.4 and 31): invoices stored through the API by a supplier registered
// for real are listed in a table that names the supplier, filtered by the server; "Issue" starts an ar-invoice
// job (the workspace's invoice workflow, made on first use) and the number and CAE appear; the PDF link works
// with the console's session alone; an invoice the authority refuses for its date says what that means and
// which field, offers no blind "Issue again", and is corrected to today's date and issued from the console.
// Axe-clean, and the page fits 360 px.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ConsoleInvoicesPage, ConsoleSignInPage, ConsoleSuppliersPage } from '@/tests/e2e/pages/console';
import { expectNoSeriousViolations } from '@/tests/e2e/support/accessibility';
import { saveScreenshot } from '@/tests/e2e/support/artefacts';
import { createWorkspace } from '@/tests/e2e/support/integrator';
import { argentinaDate, issueThroughApi, registeredSupplier, storeInvoice } from '@/tests/e2e/support/invoicing';
import { pageWidths } from '@/tests/e2e/support/wizard-checks';

async function signIn(page: Page, apiKey: string): Promise<ConsoleInvoicesPage> {
  const signInPage = new ConsoleSignInPage(page);
  await signInPage.goto();
  await signInPage.signIn(apiKey);
  await expect(new ConsoleSuppliersPage(page).heading('Suppliers')).toBeVisible();
  const invoices = new ConsoleInvoicesPage(page);
  await invoices.invoicesLink.click();
  await expect(invoices.heading('Invoices')).toBeVisible();
  await expect(invoices.invoicesLink).toHaveAttribute('aria-current', 'page');
  return invoices;
}

/** The console's date for a YYYY-MM-DD (UTC, as lib/console/format writes it). */
const consoleDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

test('an invoice stored through the API is issued from the console: number, CAE, its PDF; a refused one shows why', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const workspace = await createWorkspace({ name: 'Facturación Consola S.A.' });
  const supplier = await registeredSupplier(workspace, { name: 'Ferretería Factura S.A.' });
  await storeInvoice(workspace, supplier.cuit, { series: '1' });
  // Point of sale 2 already has a voucher dated today (issued through the API), and this one is dated two days
  // before it: the store takes the date (within the authority's window), the authority refuses it (10016).
  await issueThroughApi(workspace, await storeInvoice(workspace, supplier.cuit, { series: '2' }));
  await storeInvoice(workspace, supplier.cuit, { series: '2', issueDate: argentinaDate(-2) });

  const invoices = await signIn(page, workspace.apiKey);
  await expect(invoices.rows).toHaveCount(3);
  const first = invoices.invoice(/^Invoice B 00001/);
  await expect(first.heading).toHaveText('Invoice B 00001not numbered yetvoucher type 6');
  await expect(first.fact('Status')).toHaveText('Empty');
  await expect(first.fact('Total')).toHaveText('ARS 242.00');
  await expect(first.fact('Supplier')).toContainText('Proveedor de Prueba S.A.');
  await expect(first.fact('Supplier')).toContainText(`CUIT ${supplier.cuit}`);
  // The supplier's name links to its page in the console.
  await expect(first.fact('Supplier').getByRole('link')).toHaveAttribute(
    'href',
    `/console/suppliers/${supplier.entryId}`,
  );
  await expect(first.fact('Customer')).toHaveText('Final consumer');
  await expect(first.fact('Issue date')).toHaveText(consoleDate(argentinaDate()));
  await expect(first.fact('CAE')).toHaveText('—');
  await expect(first.pdf).toHaveCount(0);
  await expectNoSeriousViolations(page, testInfo, 'console-invoices-stored');

  await test.step("Issue: with the workspace's invoice workflow; the number and CAE appear", async () => {
    await first.issue.click();
    await expect(first.fact('Status')).toHaveText('Sent', { timeout: 20_000 });
    // The note that it went to the authority gives way to the outcome.
    await expect(first.message()).toHaveCount(0);
    await expect(first.heading).toHaveText('Invoice B 00001-00000001voucher type 6');
    await expect(first.fact('CAE')).toHaveText(/^\d{14}expires \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(first.issue).toHaveCount(0);
    await expect(page.getByText('Invoices are issued with the workflow Invoice issuing.')).toBeVisible();
    await saveScreenshot(page, testInfo, 'console-invoices-sent');
  });

  await test.step("its PDF, by the link, with the console's session only", async () => {
    await expect(first.pdf).toBeVisible({ timeout: 20_000 });
    const href = await first.pdf.getAttribute('href');
    expect(href).toMatch(/^\/silo\/v1\/entries\/[0-9a-f-]{36}\/pdf$/);
    // What the browser gets for the link from this page: the cookie, no API key anywhere.
    const fetched = await page.evaluate(async (path) => {
      const response = await fetch(path, { credentials: 'same-origin' });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        start: String.fromCharCode(...bytes.slice(0, 5)),
      };
    }, href!);
    expect(fetched).toEqual({ status: 200, type: 'application/pdf', start: '%PDF-' });
    const [download] = await Promise.all([page.waitForEvent('download'), first.pdf.click()]);
    expect(download.suggestedFilename()).toBe('FACTURA-B-00001-00000001.pdf');
    expect(
      fs
        .readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  await test.step('the filters are applied by the server: status, point of sale, supplier, dates', async () => {
    await invoices.filter('Status').selectOption('Sent');
    await expect(invoices.rows).toHaveCount(2);
    await expect(invoices.invoice(/^Invoice B 00001-00000001/).heading).toBeVisible();
    await invoices.filter('Status').selectOption('');
    await invoices.filter('Point of sale').fill('2');
    await invoices.filter('Issued to').fill(argentinaDate(-1));
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(invoices.rows).toHaveCount(1);
    await expect(invoices.invoice(/^Invoice B 00002 not numbered/).heading).toBeVisible();
    await invoices.filter('Supplier').fill('nobody of that name');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('No invoice matches these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(invoices.rows).toHaveCount(3);
    await saveScreenshot(page, testInfo, 'console-invoices-table');
  });

  await test.step('a refused invoice: what the refusal means, its field, the date corrected from the console', async () => {
    const refused = invoices.invoice(/^Invoice B 00002 not numbered/);
    await refused.issue.click();
    await expect(refused.fact('Status')).toHaveText('Error', { timeout: 20_000 });
    await expect(refused.errors.first()).toContainText('10016');
    await expect(refused.errors.first()).toContainText('The issue date is out of step');
    await expect(refused.errors.first()).toContainText('Field: data.doc.issue_date');
    await expect(refused.fact('CAE')).toHaveText('—');
    // The same data would be refused again: no "Issue again", the correction instead.
    await expect(refused.issueAgain).toHaveCount(0);
    await expect(refused.correctIssueDate).toBeVisible();
    await expect(refused.pdf).toHaveCount(0);
    await expectNoSeriousViolations(page, testInfo, 'console-invoices-refused');
    await saveScreenshot(page, testInfo, 'console-invoices-refused');

    await refused.correctIssueDate.click();
    const corrected = invoices.invoice(/^Invoice B 00002-00000002/);
    await expect(corrected.fact('Status')).toHaveText('Sent', { timeout: 20_000 });
    await expect(corrected.fact('Issue date')).toHaveText(consoleDate(argentinaDate()));
    await expect(corrected.errors).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'console-invoices-corrected');
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('the invoices page fits the screen, axe-clean', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const workspace = await createWorkspace({ name: 'Distribuidora-Patagónica-Integral-del-Sur S.A.' });
    const supplier = await registeredSupplier(workspace);
    await storeInvoice(workspace, supplier.cuit, { series: '99998' });
    const invoices = await signIn(page, workspace.apiKey);
    const invoice = invoices.invoice(/^Invoice B 99998/);
    await expect(invoice.fact('Status')).toHaveText('Empty');
    // The table scrolls within its own frame, which the keyboard can reach.
    await expect(page.getByRole('region', { name: 'Invoices table' })).toHaveAttribute('tabindex', '0');
    const { scrollWidth, clientWidth } = await pageWidths(page);
    expect(clientWidth).toBe(360);
    expect(scrollWidth, 'no horizontal scroll').toBeLessThanOrEqual(360);
    await saveScreenshot(page, testInfo, 'console-360-invoices');
    await expectNoSeriousViolations(page, testInfo, 'console-360-invoices');
  });
});
