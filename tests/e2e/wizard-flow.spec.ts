// The wizard's flow after a real walk (issue 17): a used live link keeps leading to the points of sale
// until the supplier has one; each step is a history entry (Back, reload); the progress bar ticks a step
// only when the server knows it is done and its count does not move; the company step starts from the
// supplier entry, offers IVA Exento and keeps a draft across a reload; pasted files' errors land on the
// text area, a key in the certificate's place (or the reverse) is named; the entry's gov-ar/registration
// record follows the supplier. Every screen: axe clean, and on a 360 px phone no horizontal scrolling.
import { generateKeyPairSync } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ConsoleSignInPage } from '@/tests/e2e/pages/console';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { DONE, progressItem } from '@/tests/e2e/pages/wizard-progress';
import { addPointOfSale, authorizeService, issueCertificate } from '@/tests/e2e/support/arca-portal';
import {
  createWorkspace,
  getEntry,
  getRegistration,
  openRegistration,
  type Workspace,
} from '@/tests/e2e/support/integrator';
import { checkpoint, pageWidths } from '@/tests/e2e/support/wizard-checks';

let sandbox: Workspace;
let live: Workspace;

test.beforeAll(async () => {
  [sandbox, live] = await Promise.all([
    createWorkspace({ environment: 'sandbox' }),
    createWorkspace({ environment: 'live' }),
  ]);
});

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

/** axe clean and no horizontal scrolling at 360 px. */
async function check(page: Page, testInfo: TestInfo, name: string) {
  const { scrollWidth } = await pageWidths(page);
  expect(scrollWidth, `${name}: no horizontal scroll`).toBeLessThanOrEqual(360);
  await checkpoint(page, testInfo, name);
}

const company = {
  fiscalAddress: 'Belgrano 890, Córdoba',
  activityCode: '620100',
  taxClassification: 'Responsable Inscripto',
} as const;

async function registrationRecord(workspace: Workspace, entryId: string) {
  const entry = await getEntry(workspace, entryId);
  return entry.meta.find((meta) => meta.src === 'gov-ar' && meta.key === 'registration')?.value;
}

const privateKeyPem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

test('a used live link keeps showing the points of sale until the supplier has one', async ({ page }, testInfo) => {
  // Seven checkpoints (axe and a full-page screenshot each) on a shared machine.
  test.setTimeout(120_000);
  const link = await openRegistration(live);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await wizard.confirmCompany(company);
  await wizard.choosePath('generate');
  await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
  await expect(wizard.stepCounter()).toContainText('Paso 3 de 6');
  await check(page, testInfo, 'flow-live-portal');

  const { csr } = await getRegistration(link.ref);
  const certificate = await issueCertificate('live', csr!.alias, csr!.csr);
  await authorizeService('live', link.cuit, csr!.alias, 'wsfe');
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
  await wizard.pasteText('certificate', certificate);
  await wizard.submitUpload.click();

  await test.step('after the upload: the points of sale, none yet; the record says so', async () => {
    await expect(wizard.heading(STEP_HEADINGS.pointsOfSale)).toBeVisible();
    await expect(page.getByText('ARCA todavía no informa puntos de venta para su CUIT.')).toBeVisible();
    await expect(page).toHaveURL(/[?&]step=points_of_sale/);
    await expect(wizard.stepCounter()).toContainText('Paso 6 de 6');
    for (const label of ['Empresa', 'Certificado', 'Crear en ARCA', 'Autorizar', 'Subir'] as const) {
      await expect(progressItem(wizard, label)).toContainText(DONE);
    }
    await expect(progressItem(wizard, 'Puntos de venta')).not.toContainText(DONE);
    expect(await registrationRecord(live, link.entryId)).toMatchObject({
      step: 'points_of_sale',
      pending: ['point_of_sale'],
    });
    await check(page, testInfo, 'flow-live-points-of-sale-none');
  });

  await test.step('reopened, the link still shows them, and the done screen says what is missing', async () => {
    await page.goto(link.path);
    await expect(wizard.heading(STEP_HEADINGS.pointsOfSale)).toBeVisible();
    await expect(page.getByText('Esta alta ya está completa')).toHaveCount(0);
    await expect(page.getByText('Cómo agregar un punto de venta')).toBeVisible();
    await expect(wizard.refreshPointsOfSale).toBeVisible();
    await wizard.next.click();
    // Issue 31: not "¡Listo!" nor "Alta completa" while the supplier cannot invoice.
    await expect(wizard.heading('Certificado registrado: falta un punto de venta')).toBeVisible();
    await expect(page.getByText('¡Listo!')).toHaveCount(0);
    await expect(wizard.progress).toContainText('Falta un punto de venta');
    await expect(wizard.progress).not.toContainText('Alta completa');
    await expect(page.getByText('Falta un punto de venta para web services en ARCA.')).toBeVisible();
    await expect(page.getByText('Ya puede cerrar esta página.')).toHaveCount(0);
    await check(page, testInfo, 'flow-live-done-missing');
    // The link takes no new certificate or request.
    expect((await page.request.post(`/gov-ar/v1/registrations/${link.ref}/csr`)).status()).toBe(409);
    const refused = await page.request.post(`/gov-ar/v1/registrations/${link.ref}/certificate`, {
      multipart: { certificate },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).code).toBe('link_used');
  });

  await test.step('a point of sale added at ARCA: refreshed, nothing missing, then the link is simply used', async () => {
    await addPointOfSale('live', link.cuit, 5);
    await page.reload();
    // The server has not asked the authority since: the screen still says what its record says is missing.
    await expect(wizard.heading('Certificado registrado: falta un punto de venta')).toBeVisible();
    await wizard.back.click();
    await expect(wizard.heading(STEP_HEADINGS.pointsOfSale)).toBeVisible();
    await expect(wizard.pointOfSale(5)).toContainText('Activo');
    await expect(progressItem(wizard, 'Puntos de venta')).toContainText(DONE);
    // Issue 31: the step says the supplier has one, and stops repeating how to add one.
    await expect(
      page.getByText('Ya tiene un punto de venta para web services: puede facturar con este sistema.'),
    ).toBeVisible();
    await expect(page.getByText('Cómo agregar un punto de venta')).toHaveCount(0);
    await check(page, testInfo, 'flow-live-points-of-sale-ready');
    await wizard.next.click();
    await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
    await expect(page.getByText('Falta un punto de venta para web services en ARCA.')).toHaveCount(0);
    await expect(page.getByText('Ya puede cerrar esta página.')).toBeVisible();
    await expect(wizard.progress).toContainText('Alta completa');
    expect(await registrationRecord(live, link.entryId)).toMatchObject({ pending: [] });
    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1, name: 'Esta alta ya está completa' })).toBeVisible();
    await check(page, testInfo, 'flow-live-registered');
  });
});

test('each step is a history entry: Back goes to the previous step, reload stays on the step', async ({
  page,
}, testInfo) => {
  const link = await openRegistration(sandbox);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await expect(page).toHaveURL(/[?&]step=company/);
  await wizard.confirmCompany(company);
  await expect(page).toHaveURL(/[?&]step=path/);
  await wizard.choosePath('generate');
  await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=portal/);
  expect(await registrationRecord(sandbox, link.entryId)).toMatchObject({ step: 'portal', path: 'generate' });

  await page.goBack();
  await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=path/);
  await page.goBack();
  await expect(wizard.heading(STEP_HEADINGS.company)).toBeVisible();
  await expect(wizard.fiscalAddress).toHaveValue(company.fiscalAddress);
  await page.goForward();
  await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
  await page.reload();
  await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=path/);
  await expect.poll(async () => (await registrationRecord(sandbox, link.entryId))?.step).toBe('path');
  await check(page, testInfo, 'flow-history-path');

  // A step further than the supplier has been cannot be opened by its URL: the wizard resumes instead.
  await page.goto(`${link.path}?step=upload`);
  await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
});

test("the integrator's console says where the supplier is and what is still pending", async ({ page }, testInfo) => {
  const link = await openRegistration(sandbox);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await wizard.confirmCompany(company);
  await expect.poll(async () => (await registrationRecord(sandbox, link.entryId))?.step).toBe('path');

  const signIn = new ConsoleSignInPage(page);
  await signIn.goto();
  await signIn.signIn(sandbox.apiKey);
  await expect(page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
  await page.goto(`/console/suppliers/${link.entryId}`);
  const progress = page.getByTestId('registration-progress');
  await expect(progress).toContainText('Wizard stepcertificate choice');
  await expect(progress).toContainText('Still to do: upload a certificate; authorize the web service.');
  // Issue 31: the supplier opened the link, and has tried no upload yet.
  await expect(progress).toContainText(/Link opened\d{4}-\d\d-\d\d/);
  await expect(progress).toContainText('UploadsNone tried');
  await checkpoint(page, testInfo, 'flow-console-registration-progress');
});

test('the progress bar ticks a step only when it is done, and the count holds', async ({ page }, testInfo) => {
  const link = await openRegistration(sandbox);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await expect(wizard.stepCounter()).toContainText('Paso 1 de 5');
  await wizard.confirmCompany(company);
  await expect(progressItem(wizard, 'Empresa')).toContainText(DONE);
  await expect(wizard.stepCounter()).toContainText('Paso 2 de 5');

  await test.step("one's own certificate: the portal is not needed, the count stays", async () => {
    await wizard.choosePath('own');
    await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 4 de 5');
    await expect(progressItem(wizard, 'Crear en ARCA')).toContainText('no hace falta');
    await wizard.back.click();
  });

  await wizard.choosePath('generate');
  await expect(wizard.stepCounter()).toContainText('Paso 3 de 5');
  const { csr } = await getRegistration(link.ref);
  const certificate = await issueCertificate('sandbox', csr!.alias, csr!.csr);
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();

  await test.step('seen but not authorised: only what the portal holds is ticked, and focus goes to the notice', async () => {
    await wizard.pasteText('certificate', certificate);
    await wizard.submitUpload.click();
    await expect(wizard.uploadProblem).toBeVisible();
    await expect(page.locator('#upload-problem')).toBeFocused();
    // The emulator's portal holds the certificate made from the request (tests/e2e/wizard-portal-record.spec.ts).
    await expect(progressItem(wizard, 'Crear en ARCA')).toContainText(DONE);
    for (const label of ['Autorizar', 'Subir'] as const)
      await expect(progressItem(wizard, label)).not.toContainText(DONE);
    expect(await registrationRecord(sandbox, link.entryId)).toMatchObject({
      pending: ['certificate', 'service_authorization'],
    });
    await check(page, testInfo, 'flow-progress-not-authorized');
  });

  await test.step("authorised: done, with the sandbox's word that its invoices are tests", async () => {
    await authorizeService('sandbox', link.cuit, csr!.alias, 'wsfe');
    await wizard.submitUpload.click();
    await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
    await expect(wizard.progress).toContainText('Alta completa');
    await expect(
      page.getByText('Las facturas que emita en homologación son de prueba: no tienen validez fiscal.'),
    ).toBeVisible();
    expect(await registrationRecord(sandbox, link.entryId)).toMatchObject({ step: 'done', pending: [] });
    await check(page, testInfo, 'flow-progress-done');
  });
});

test('the company step starts from the supplier entry, offers IVA Exento and keeps a draft across a reload', async ({
  page,
}, testInfo) => {
  const link = await openRegistration(sandbox, {
    name: 'Ferretería El Tornillo S.R.L.',
    party: {
      addresses: [{ street: 'Av. Belgrano', num: '890', locality: 'Córdoba', region: 'Córdoba' }],
      emails: [{ addr: 'compras@tornillo.com.ar' }],
    },
  });
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await expect(wizard.legalName).toHaveValue('Ferretería El Tornillo S.R.L.');
  await expect(wizard.fiscalAddress).toHaveValue('Av. Belgrano 890, Córdoba, Córdoba');
  const email = page.getByLabel('Correo electrónico (opcional)');
  await expect(email).toHaveValue('compras@tornillo.com.ar');

  await wizard.activityCode.fill('4752');
  await page.getByRole('radio', { name: 'IVA Exento' }).check();
  await wizard.activityCode.blur();
  await page.reload();
  await expect(wizard.activityCode).toHaveValue('4752');
  await expect(page.getByRole('radio', { name: 'IVA Exento' })).toBeChecked();

  // The browser checks with the server's schema: six digits.
  await wizard.next.click();
  await expect(wizard.activityCode).toBeFocused();
  await expect(wizard.activityCode).toHaveAttribute('aria-invalid', 'true');
  await check(page, testInfo, 'flow-company-draft-error');
  await wizard.activityCode.fill('475210');
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
  await expect
    .poll(async () => (await getRegistration(link.ref)).progress.company)
    .toMatchObject({
      tax_classification: 'exento',
      activity_code: '475210',
      email: 'compras@tornillo.com.ar',
    });
});

test('pasted files: the error goes on the text area, and a key where the certificate goes is named', async ({
  page,
}, testInfo) => {
  const link = await openRegistration(sandbox);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await wizard.confirmCompany(company);
  await wizard.choosePath('generate');
  await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();

  await test.step('our key: a private key pasted as the certificate, then noise', async () => {
    await wizard.pasteText('certificate', privateKeyPem());
    await wizard.submitUpload.click();
    await expect(wizard.certificateText).toBeFocused();
    await expect(wizard.certificateText).toHaveAttribute('aria-invalid', 'true');
    await expect(wizard.certificateText).toHaveAccessibleDescription(
      /Esto es una clave privada, no el certificado\. No hace falta ninguna clave/,
    );
    await check(page, testInfo, 'flow-paste-key-as-certificate');

    await wizard.certificateText.fill('hola');
    await wizard.submitUpload.click();
    await expect(wizard.certificateText).toHaveAccessibleDescription(/No pudimos leer el certificado/);
    // No key field on this path, so no advice about one.
    await expect(wizard.certificateText).not.toHaveAccessibleDescription(/clave/);
    await expect(wizard.certificateText).toBeFocused();
  });

  await test.step('their own key: a certificate pasted where the key goes', async () => {
    for (const heading of [STEP_HEADINGS.authorize, STEP_HEADINGS.portal, STEP_HEADINGS.path]) {
      await wizard.back.click();
      await expect(wizard.heading(heading)).toBeVisible();
    }
    await wizard.choosePath('own');
    await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
    await wizard.next.click();
    await expect(wizard.heading(STEP_HEADINGS.uploadOwn)).toBeVisible();
    const { csr } = await getRegistration(link.ref);
    const certificate = await issueCertificate('sandbox', csr!.alias, csr!.csr);
    await wizard.pasteText('certificate', certificate);
    await wizard.pasteText('key', certificate);
    await wizard.submitUpload.click();
    await expect(wizard.keyText).toBeFocused();
    await expect(wizard.keyText).toHaveAccessibleDescription(/Esto es un certificado, no la clave privada/);
    await check(page, testInfo, 'flow-paste-certificate-as-key');
  });
});
