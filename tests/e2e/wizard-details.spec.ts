// Details a walk through the wizard found (issue 31): the company step's three cards are one height; the
// error summary read out to a screen reader goes once the errors are fixed; the emulator takes the
// pedido.csr file the wizard tells the supplier to choose; with the emulator on its link comes first, and it
// uses the wizard's words (the result field, the service's option).
import { expect, test } from '@playwright/test';
import { EmulatorPortalPage } from '@/tests/e2e/pages/emulator-portal-page';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { saveScreenshot } from '@/tests/e2e/support/artefacts';
import {
  createWorkspace,
  openRegistration,
  requestCsr,
  saveProgress,
  type Workspace,
} from '@/tests/e2e/support/integrator';

let workspace: Workspace;

test.beforeAll(async () => {
  workspace = await createWorkspace({ environment: 'sandbox' });
});

test("the company step's three cards are one height, whatever their words", async ({ page }, testInfo) => {
  const link = await openRegistration(workspace);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await expect(wizard.heading(STEP_HEADINGS.company)).toBeVisible();
  const cards = page.locator('label').filter({ has: page.locator('span.font-semibold') });
  await expect(cards).toHaveCount(3);
  const heights = await cards.evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
  expect(new Set(heights).size, `heights ${heights.join(', ')}`).toBe(1);
  await saveScreenshot(page, testInfo, 'company-cards-one-height');
});

test('the error summary read out is cleared once every error is fixed', async ({ page }, testInfo) => {
  const link = await openRegistration(workspace);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await page.getByLabel('Domicilio fiscal').fill('');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(wizard.announcer).toContainText('Revise lo siguiente:');
  await saveScreenshot(page, testInfo, 'error-summary-shown');

  await page.getByLabel('Domicilio fiscal').fill('Florida 100, Buenos Aires');
  await expect(wizard.announcer).toContainText('Revise lo siguiente:');
  await page.getByLabel(/Código de actividad/).fill('620100');
  await expect(wizard.announcer).toContainText('Revise lo siguiente:');
  await page.getByRole('radio', { name: 'Monotributista' }).check();
  await expect(wizard.announcer).toHaveText('');
  await saveScreenshot(page, testInfo, 'error-summary-cleared');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
});

test('the emulator takes the pedido.csr file the wizard hands out', async ({ page }, testInfo) => {
  const link = await openRegistration(workspace);
  const { alias, csr } = await requestCsr(link.ref);
  const portal = new EmulatorPortalPage(page);
  await portal.goto('sandbox');
  await portal.certificateAlias.fill(alias);
  await portal.certificate.getByLabel('Archivo del pedido (.csr)').setInputFiles({
    name: 'pedido.csr',
    mimeType: 'application/pkcs10',
    buffer: Buffer.from(csr),
  });
  // A text area keeps lines with \n, whatever the file had.
  await expect(portal.certificateCsr).toHaveValue(csr.trim().replace(/\r\n/g, '\n'));
  await portal.certificateSubmit.click();
  await expect(portal.issuedCertificate).toHaveValue(/-----BEGIN CERTIFICATE-----/);
  await saveScreenshot(page, testInfo, 'emulator-csr-file');
});

test('with the emulator on, its link comes first, and the emulator uses the words the wizard gives', async ({
  page,
}, testInfo) => {
  const link = await openRegistration(workspace);
  await saveProgress(link.ref, {
    step: 'portal',
    path: 'generate',
    company: {
      legal_name: link.name,
      fiscal_address: 'Florida 100, Buenos Aires',
      activity_code: '620100',
      tax_classification: 'monotributista',
    },
  });
  const { alias, csr } = await requestCsr(link.ref);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(`${link.path}?step=portal`);
  await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
  const links = await page.getByRole('main').getByRole('link').allInnerTexts();
  const emulatorAt = links.findIndex((text) => text.includes('Abrir el portal del emulador'));
  const arcaAt = links.findIndex((text) => text.includes('Ingresar a ARCA con Clave Fiscal'));
  expect(emulatorAt).toBeGreaterThanOrEqual(0);
  expect(emulatorAt).toBeLessThan(arcaAt);
  // The wizard says where the certificate appears («Resultado») and which service to choose.
  await expect(page.getByRole('main')).toContainText('«Resultado»');
  await saveScreenshot(page, testInfo, 'portal-emulator-first');
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('wsfe - Facturación Electrónica');

  const portal = new EmulatorPortalPage(page);
  await portal.goto('sandbox');
  await expect(portal.authorizationService.getByRole('option', { name: 'wsfe - Facturación Electrónica' })).toHaveCount(
    1,
  );
  await portal.createCertificate(alias, csr);
  await expect(portal.certificate.getByLabel('Resultado: certificado emitido (PEM)')).toHaveValue(/BEGIN CERTIFICATE/);
  await saveScreenshot(page, testInfo, 'emulator-same-words');
});
