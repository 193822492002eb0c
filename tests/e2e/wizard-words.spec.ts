// Words and small things a supplier notices (issue 17, points 3, 8, 9): a touch screen is told to choose a
// file, not to drag one; every page has its icon (no 404 in the console); the first portal step enables
// the service; the emulator's links and its wrong-environment error point to the right environment.
import { expect, test } from '@playwright/test';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { issueCertificate } from '@/tests/e2e/support/arca-portal';
import {
  createWorkspace,
  openRegistration,
  requestCsr,
  saveProgress,
  type CompanyData,
  type Workspace,
} from '@/tests/e2e/support/integrator';
import { checkpoint } from '@/tests/e2e/support/wizard-checks';

const company: CompanyData = {
  legal_name: 'Distribuidora del Sur S.R.L.',
  fiscal_address: 'San Martín 45, Mendoza',
  activity_code: '620100',
  tax_classification: 'responsable_inscripto',
};

const DRAG = 'Arrastre el archivo aquí o elíjalo de su equipo.';
const CHOOSE = 'Elija el archivo guardado en su teléfono o equipo.';

let sandbox: Workspace;
let live: Workspace;

test.beforeAll(async () => {
  [sandbox, live] = await Promise.all([
    createWorkspace({ environment: 'sandbox' }),
    createWorkspace({ environment: 'live' }),
  ]);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });

  test('the upload says to choose the file, not to drag it', async ({ page }, testInfo) => {
    const link = await openRegistration(sandbox);
    await saveProgress(link.ref, { step: 'upload', company, path: 'own' });
    const wizard = new RegistrationWizardPage(page);
    await wizard.goto(link.path);
    await expect(wizard.heading(STEP_HEADINGS.uploadOwn)).toBeVisible();
    await expect(page.getByText(CHOOSE)).toHaveCount(2);
    for (const hint of await page.getByText(CHOOSE).all()) await expect(hint).toBeVisible();
    for (const hint of await page.getByText(DRAG).all()) await expect(hint).toBeHidden();
    await expect(wizard.certificateFile).toHaveAccessibleDescription(CHOOSE);
    await expect(page.getByText('Elegir archivo').first()).toBeVisible();
    await checkpoint(page, testInfo, 'touch-upload');
  });
});

test('with a mouse the upload still offers to drag the file', async ({ page }) => {
  const link = await openRegistration(sandbox);
  await saveProgress(link.ref, { step: 'upload', company, path: 'own' });
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await expect(wizard.heading(STEP_HEADINGS.uploadOwn)).toBeVisible();
  await expect(page.getByText(DRAG).first()).toBeVisible();
  await expect(page.getByText(CHOOSE).first()).toBeHidden();
  await expect(wizard.certificateFile).toHaveAccessibleDescription(DRAG);
});

test('every page has its icon: no 404 while the wizard loads', async ({ page, request }) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  const link = await openRegistration(sandbox);
  await new RegistrationWizardPage(page).goto(link.path);
  await expect(page.getByRole('heading', { level: 2, name: STEP_HEADINGS.company })).toBeVisible();
  const icon = page.locator('head link[rel="icon"]');
  await expect(icon).toHaveCount(1);
  const answer = await request.get((await icon.getAttribute('href'))!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('image/svg+xml');
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
});

test('the live portal step starts with «Adherir servicio» and the real login, and the emulator opens in Producción', async ({
  page,
}) => {
  const link = await openRegistration(live);
  await saveProgress(link.ref, { step: 'portal', company, path: 'generate' });
  await requestCsr(link.ref);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
  const steps = page.getByRole('list').filter({ hasText: 'Agregar alias' }).getByRole('listitem');
  await expect(steps.nth(0)).toContainText(
    '«Administración de Certificados Digitales» no está en su lista de servicios',
  );
  await expect(steps.nth(0)).toContainText('«Adherir servicio»');
  await expect(steps.nth(2)).toHaveText(/^Presione «Agregar alias»\./);
  await expect(steps.nth(5)).toContainText('presione «Ver» junto a su alias');
  await expect(steps.nth(6)).toContainText('«Descargar»');
  await expect(page.getByRole('link', { name: /Ingresar a ARCA con Clave Fiscal/ })).toHaveAttribute(
    'href',
    'https://auth.afip.gob.ar/contribuyente_/login.xhtml',
  );
  await expect(page.getByRole('link', { name: 'Abrir el portal del emulador' })).toHaveAttribute(
    'href',
    '/emulator?environment=live#certificate',
  );

  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir el portal del emulador' })).toHaveAttribute(
    'href',
    '/emulator?environment=live#authorization',
  );
});

test("a Homologación certificate on a live link: the error points to the emulator's «Ambiente» switch", async ({
  page,
}) => {
  const link = await openRegistration(live);
  await saveProgress(link.ref, { step: 'upload', company, path: 'generate' });
  const { alias, csr } = await requestCsr(link.ref);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
  await wizard.pasteText('certificate', await issueCertificate('sandbox', alias, csr));
  await wizard.submitUpload.click();
  const message = page.getByText(/pero esta alta es de producción/).first();
  await expect(message).toBeVisible();
  await expect(message).toContainText('En el emulador, elija «Producción» en el selector «Ambiente»');
});
