// What the supplier does in the authority's portal, seen by the wizard before the upload (issue 31): with the
// emulator (which the server can ask) the portal and authorization steps show done as soon as it holds the
// certificate made from this link's request and the alias's authorization; the how-to names no control the
// emulator's page lacks (each «label» of a step it does not mark "only at ARCA" is found there by role and
// name). The live done screen and the console's "Nothing is pending" agree, before and after a point of sale.
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { ConsoleSignInPage, ConsoleSuppliersPage } from '@/tests/e2e/pages/console';
import { EmulatorPortalPage } from '@/tests/e2e/pages/emulator-portal-page';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { DONE, progressItem } from '@/tests/e2e/pages/wizard-progress';
import { authorizeService, emulatorCa } from '@/tests/e2e/support/arca-portal';
import { createWorkspace, getEntry, openRegistration, type RegistrationLink } from '@/tests/e2e/support/integrator';
import { registeredSupplier } from '@/tests/e2e/support/invoicing';
import { E2E_BASE_URL } from '@/tests/e2e/support/server';
import { makeLeaf } from '@/tests/support/pki';
import { checkpoint } from '@/tests/e2e/support/wizard-checks';

/** The roles a control named by the how-to may have on the emulator's page (its screens are headed regions). */
const CONTROL_ROLES = [
  'heading',
  'button',
  'link',
  'textbox',
  'combobox',
  'option',
  'radio',
  'checkbox',
  'group',
] as const;

/** Every «label» the step's instructions (and the emulator's note) name, outside the steps marked only ARCA's. */
async function namedLabels(wizard: RegistrationWizardPage, list: Locator): Promise<string[]> {
  const texts = [
    ...(await list.locator(':scope > li:not([data-arca-only])').allInnerTexts()),
    ...(await wizard.page.getByText('vuelva a elegirlo en el selector').allInnerTexts()),
  ];
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/«([^»]+)»/g)].map((match) => match[1]!)))];
}

/** The label is a control of the emulator's page, or (exactly) one of the wizard's own. */
async function isControl(emulator: Page, wizard: Page, label: string): Promise<boolean> {
  for (const role of CONTROL_ROLES) {
    if ((await emulator.getByRole(role, { name: label }).count()) > 0) return true;
    if ((await wizard.getByRole(role, { name: label, exact: true }).count()) > 0) return true;
  }
  return false;
}

async function expectNamedControlsExist(wizard: RegistrationWizardPage, emulator: Page, list: Locator) {
  const labels = await namedLabels(wizard, list);
  expect(labels.length).toBeGreaterThan(0);
  const missing: string[] = [];
  for (const label of labels) if (!(await isControl(emulator, wizard.page, label))) missing.push(label);
  expect(missing, `controls the how-to names that the page does not have (of ${labels.join(', ')})`).toEqual([]);
}

/** The numbered how-to of the step on screen (its items count themselves: components/wizard/instruction-list.tsx). */
const instructions = (page: Page) => page.locator('ol:has(> li[class*="counter-increment:instruction"])');

async function openEmulatorFromWizard(page: Page): Promise<EmulatorPortalPage> {
  const opening = page.context().waitForEvent('page');
  await page.getByRole('link', { name: 'Abrir el portal del emulador' }).first().click();
  const tab = await opening;
  await tab.waitForLoadState();
  return new EmulatorPortalPage(tab);
}

async function throughThePortal(
  wizard: RegistrationWizardPage,
  link: RegistrationLink,
  environment: 'sandbox' | 'live',
  testInfo: TestInfo,
) {
  const { page } = wizard;
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });
  await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
  await expect(progressItem(wizard, 'Crear en ARCA')).not.toContainText(DONE);
  await expect(status('Todavía no vemos el certificado de su pedido en el portal.')).toBeVisible();
  // With the emulator on, the steps only ARCA's real portal has say so.
  await expect(page.getByText('Solo en ARCA: en el emulador este paso no existe.').first()).toBeVisible();
  const alias = (await wizard.aliasShown().textContent())!;
  const csr = await wizard.csrText.inputValue();

  const emulator = await openEmulatorFromWizard(page);
  await expect(emulator.environment(environment === 'sandbox' ? 'Homologación' : 'Producción')).toBeChecked();
  await emulator.createCertificate(alias, csr);
  await expect(emulator.issuedCertificate).toBeVisible();
  const certificate = await emulator.issuedCertificate.inputValue();
  await expectNamedControlsExist(wizard, emulator.page, instructions(page));
  // What the how-to marks as only ARCA's is indeed not on the emulator's page.
  expect(await isControl(emulator.page, page, 'Adherir servicio')).toBe(false);

  await test.step('the portal step shows done as soon as the emulator holds the certificate', async () => {
    await page.bringToFront();
    await expect(progressItem(wizard, 'Crear en ARCA')).toContainText(DONE, { timeout: 15_000 });
    await expect(status('Hecho: el portal ya emitió el certificado de su pedido.')).toBeVisible();
    await expect(progressItem(wizard, 'Autorizar')).not.toContainText(DONE);
    await checkpoint(page, testInfo, `portal-record-${environment}-certificate-seen`);
  });

  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
  await expect(status('Todavía no vemos la autorización en el portal.')).toBeVisible();
  await emulator.authorize({ alias, cuit: link.cuit, service: 'wsfe' });
  await expect(emulator.status(emulator.authorization)).toContainText('Autorización creada');
  await expectNamedControlsExist(wizard, emulator.page, instructions(page));
  if (environment === 'live') expect(await isControl(emulator.page, page, 'Buscar')).toBe(false);

  await test.step('the authorization step shows done as soon as the emulator holds it', async () => {
    await page.bringToFront();
    await expect(progressItem(wizard, 'Autorizar')).toContainText(DONE, { timeout: 15_000 });
    await expect(status('Hecho: el portal ya muestra su alias autorizado.')).toBeVisible();
    await expect(progressItem(wizard, 'Subir')).not.toContainText(DONE);
    await checkpoint(page, testInfo, `portal-record-${environment}-authorization-seen`);
  });
  return { emulator, certificate };
}

test('sandbox: the portal and the authorization show done as soon as the emulator has them; the how-to names only controls its page has', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const workspace = await createWorkspace();
  const link = await openRegistration(workspace);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await wizard.confirmCompany({
    fiscalAddress: 'Mitre 300, Salta',
    activityCode: '620100',
    taxClassification: 'Responsable Inscripto',
  });
  await wizard.choosePath('generate');
  const { certificate } = await throughThePortal(wizard, link, 'sandbox', testInfo);

  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
  await wizard.pasteText('certificate', certificate);
  await wizard.submitUpload.click();
  await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
  await expect(wizard.progress).toContainText('Alta completa');
});

test('live: the done screen and the console agree on the missing point of sale, then on nothing pending', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const workspace = await createWorkspace({ environment: 'live' });
  const link = await openRegistration(workspace);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await wizard.confirmCompany({
    fiscalAddress: 'Belgrano 890, Córdoba',
    activityCode: '620100',
    taxClassification: 'Monotributista',
  });
  await wizard.choosePath('generate');
  const { emulator, certificate } = await throughThePortal(wizard, link, 'live', testInfo);

  await wizard.next.click();
  await wizard.pasteText('certificate', certificate);
  await wizard.submitUpload.click();
  await expect(wizard.heading(STEP_HEADINGS.pointsOfSale)).toBeVisible();
  await expect(page.getByText('ARCA todavía no informa puntos de venta para su CUIT.')).toBeVisible();
  await test.step("the points of sale's how-to names only controls of the emulator's page (or the wizard's own)", async () => {
    await emulator.goto('live');
    await expectNamedControlsExist(wizard, emulator.page, instructions(page));
  });

  const consolePage = await page.context().newPage();
  const progress = consolePage.getByTestId('registration-progress');
  await test.step('without a point of sale: no «Alta completa» in the wizard, no "Nothing is pending" in the console', async () => {
    await page.bringToFront();
    await wizard.next.click();
    await expect(wizard.heading('Certificado registrado: falta un punto de venta')).toBeVisible();
    await expect(wizard.progress).toContainText('Falta un punto de venta');
    await expect(wizard.progress).not.toContainText('Alta completa');
    await checkpoint(page, testInfo, 'portal-record-live-done-without-point-of-sale');

    const signIn = new ConsoleSignInPage(consolePage);
    await signIn.goto();
    await signIn.signIn(workspace.apiKey);
    await expect(new ConsoleSuppliersPage(consolePage).heading('Suppliers')).toBeVisible();
    await consolePage.goto(`/console/suppliers/${link.entryId}`);
    await expect(progress).toContainText('Still to do: add a point of sale for web services at ARCA.');
    await expect(progress).not.toContainText('Nothing is pending');
    await checkpoint(consolePage, testInfo, 'portal-record-console-point-of-sale-pending');
  });

  await test.step('once the authority reports one: «Alta completa» and "Nothing is pending"', async () => {
    await emulator.page.bringToFront();
    await emulator.addPointOfSale(link.cuit, '3');
    await expect(emulator.status(emulator.pointOfSale)).toBeVisible();
    await page.bringToFront();
    await wizard.back.click();
    await expect(wizard.heading(STEP_HEADINGS.pointsOfSale)).toBeVisible();
    await wizard.refreshPointsOfSale.click();
    await expect(wizard.pointOfSale(3)).toContainText('Activo');
    await wizard.next.click();
    await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
    await expect(wizard.progress).toContainText('Alta completa');
    await checkpoint(page, testInfo, 'portal-record-live-done');

    await consolePage.bringToFront();
    await consolePage.reload();
    await expect(progress).toContainText('Nothing is pending.');
    await expect(progress).not.toContainText('Still to do');
    await checkpoint(consolePage, testInfo, 'portal-record-console-nothing-pending');
  });
});

const DAY = 86_400_000;

test('the console: "Send renewal" is quiet while the certificate is far from expiry, loud when it is near', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const workspace = await createWorkspace({ name: 'Integradora Renovaciones S.A.' });
  const far = await registeredSupplier(workspace, { name: 'Lejos de Vencer S.A.' });
  // A certificate the authority issued 23 months ago (its CA, its alias authorized): ten days left.
  const near = await openRegistration(workspace, { name: 'Por Vencer S.A.' });
  const alias = `porvencer${near.cuit.slice(2, 10)}`;
  const leaf = makeLeaf({
    ca: emulatorCa('sandbox'),
    cuit: near.cuit,
    alias,
    notBefore: new Date(Date.now() - 720 * DAY),
    notAfter: new Date(Date.now() + 10 * DAY),
  });
  await authorizeService('sandbox', near.cuit, alias, 'wsfe');
  const form = new FormData();
  form.set('certificate', leaf.certificatePem);
  form.set('key', leaf.keyPem);
  const uploaded = await fetch(`${E2E_BASE_URL}/gov-ar/v1/registrations/${near.ref}/certificate`, {
    method: 'POST',
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  await expect.poll(async () => (await getEntry(workspace, near.entryId)).status).toBe('Registered');

  const signIn = new ConsoleSignInPage(page);
  await signIn.goto();
  await signIn.signIn(workspace.apiKey);
  const suppliers = new ConsoleSuppliersPage(page);
  await expect(suppliers.heading('Suppliers')).toBeVisible();
  const quiet = suppliers.supplier(far.name).sendRenewal;
  const loud = suppliers.supplier(near.name).sendRenewal;
  await expect(quiet).toBeVisible();
  await expect(loud).toBeVisible();
  // Quiet: small, and says why it is not needed yet; loud: the full-size button, with nothing to hold it back.
  await expect(quiet).toHaveAccessibleDescription(
    /^Not needed yet: the certificate is valid until \d{1,2} \w{3} \d{4}\.$/,
  );
  await expect(quiet).toHaveCSS('font-size', '14px');
  await expect(loud).toHaveAccessibleDescription('');
  await expect(loud).toHaveCSS('font-size', '16px');
  await checkpoint(page, testInfo, 'console-renewal-quiet-and-loud');

  await page.goto(`/console/suppliers/${far.entryId}`);
  const onItsPage = page.getByRole('button', { name: 'Send renewal' });
  await expect(onItsPage).toHaveAccessibleDescription(/^Not needed yet/);
  await expect(onItsPage).toHaveCSS('font-size', '14px');
});
