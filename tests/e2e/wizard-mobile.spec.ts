// On a 360 px wide phone, where most suppliers open the link: every step of a live registration (which
// has them all, points of sale included), an upload error and the "already registered" page fit the
// screen with no horizontal scrolling.
import { expect, test } from '@playwright/test';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { addPointOfSale, authorizeService, issueCertificate } from '@/tests/e2e/support/arca-portal';
import { saveScreenshot } from '@/tests/e2e/support/artefacts';
import { createWorkspace, getRegistration, openRegistration, type Workspace } from '@/tests/e2e/support/integrator';
import { pageWidths } from '@/tests/e2e/support/wizard-checks';

let workspace: Workspace;

test.beforeAll(async () => {
  workspace = await createWorkspace({ environment: 'live' });
});

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

test('every step fits 360 px without horizontal scrolling', async ({ page }, testInfo) => {
  // A long name with no spaces to break at, as legal names and addresses sometimes are.
  const link = await openRegistration(workspace, { name: 'Transportes-Patagónicos-Integrales-del-Sur-y-Cuyo S.A.' });
  const wizard = new RegistrationWizardPage(page);

  const fits = async (name: string) => {
    const { scrollWidth, clientWidth } = await pageWidths(page);
    expect(clientWidth, "the layout viewport is the phone's").toBe(360);
    expect(scrollWidth, `${name}: no horizontal scroll`).toBeLessThanOrEqual(360);
    await saveScreenshot(page, testInfo, `mobile-360-${name}`);
  };

  await wizard.goto(link.path);
  await expect(wizard.heading(STEP_HEADINGS.company)).toBeVisible();
  await fits('01-company');
  await wizard.next.click();
  await expect(wizard.fiscalAddress).toHaveAttribute('aria-invalid', 'true');
  await fits('01-company-errors');
  await wizard.confirmCompany({
    fiscalAddress: 'Ruta Nacional 40 km 3200, Esquel, Chubut',
    activityCode: '492280',
    taxClassification: 'Responsable Inscripto',
  });
  await fits('02-path');
  await wizard.choosePath('generate');
  await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
  await fits('03-portal');

  const { alias, csr } = (await getRegistration(link.ref)).csr!;
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
  await fits('04-authorize');
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
  await fits('05-upload');

  // The longest messages: an unauthorised service, in a notice with its button.
  const certificate = await issueCertificate('live', alias, csr);
  await wizard.chooseFile('certificate', {
    name: 'certificado-de-produccion-descargado-de-arca.crt',
    contents: certificate,
  });
  await wizard.submitUpload.click();
  await expect(wizard.toAuthorize).toBeVisible();
  await fits('05-upload-error');
  await wizard.pasteToggle('certificate').click();
  await expect(wizard.certificateText).toBeVisible();
  await fits('05-upload-paste');

  await authorizeService('live', link.cuit, alias, 'wsfe');
  await addPointOfSale('live', link.cuit, 12);
  await wizard.submitUpload.click();
  await expect(wizard.heading(STEP_HEADINGS.pointsOfSale)).toBeVisible();
  await expect(wizard.pointOfSale(12)).toBeVisible();
  await fits('06-points-of-sale');
  await wizard.next.click();
  await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
  await fits('07-done');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Esta alta ya está completa' })).toBeVisible();
  await fits('08-already-registered');
});
