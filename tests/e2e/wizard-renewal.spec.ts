// Renewal as the portal really does it (issue 17, point 2): the new certificate goes to the alias the
// supplier already has («Agregar certificado a alias» in WSASS, «Ver» then «Agregar certificado» live), so
// the alias's authorization still holds and there is no authorization step; the company data of the first
// registration is already filled in. The emulator's link opens in the registration's environment.
import { progressItem } from '@/tests/e2e/pages/wizard-progress';
import { expect, test } from '@playwright/test';
import { ARCA_LOGIN_URL } from '@/lib/ar/services';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { authorizeService, issueCertificate } from '@/tests/e2e/support/arca-portal';
import {
  createWorkspace,
  getEntry,
  openRegistration,
  requestCsr,
  saveProgress,
  startJob,
  type CompanyData,
  type RegistrationLink,
  type Workspace,
} from '@/tests/e2e/support/integrator';
import { E2E_BASE_URL } from '@/tests/e2e/support/server';
import { checkpoint } from '@/tests/e2e/support/wizard-checks';

const company: CompanyData = {
  legal_name: 'Panadería Ñandú S.R.L.',
  fiscal_address: 'Av. Corrientes 1234, CABA',
  activity_code: '107121',
  tax_classification: 'monotributista',
};

/** The first registration, done as the wizard does it: company data, our request, the portal, the upload. */
async function registerFirst(workspace: Workspace, link: RegistrationLink): Promise<string> {
  await saveProgress(link.ref, { step: 'upload', company, path: 'generate' });
  const { alias, csr } = await requestCsr(link.ref);
  await authorizeService(workspace.environment, link.cuit, alias, 'wsfe');
  const form = new FormData();
  form.set('certificate', await issueCertificate(workspace.environment, alias, csr));
  const response = await fetch(`${E2E_BASE_URL}/gov-ar/v1/registrations/${link.ref}/certificate`, {
    method: 'POST',
    body: form,
  });
  expect(response.status).toBe(200);
  return alias;
}

/** The integrator starts a registration job on the Registered entry: a renewal, with a new link. */
async function startRenewal(workspace: Workspace, link: RegistrationLink): Promise<string> {
  await startJob(workspace, link.entryId);
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const entry = await getEntry(workspace, link.entryId);
    const renewal = entry.meta
      .filter((meta) => meta.src === 'gov-ar' && meta.key === 'link' && meta.ref !== link.ref)
      .at(-1);
    if (renewal) return `/reg/${renewal.ref}`;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no renewal link');
}

test('a sandbox renewal adds a certificate to the same alias and needs no new authorization', async ({
  page,
}, testInfo) => {
  const workspace = await createWorkspace({ environment: 'sandbox' });
  const link = await openRegistration(workspace, { name: 'Panadería Ñandú S.R.L.' });
  const alias = await registerFirst(workspace, link);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(await startRenewal(workspace, link));

  await test.step('company data from the first registration, already filled in', async () => {
    await expect(wizard.heading(STEP_HEADINGS.company)).toBeVisible();
    await expect(wizard.fiscalAddress).toHaveValue(company.fiscal_address);
    await expect(wizard.activityCode).toHaveValue(company.activity_code);
    await expect(wizard.taxClassification('Monotributista')).toBeChecked();
    // Our request keeps the alias, so there is nothing to authorize: the step is drawn as not needed (the count
    // stays the same on every path).
    await expect(wizard.stepCounter()).toContainText('Paso 1 de 5');
    await expect(progressItem(wizard, 'Autorizar')).toContainText('no hace falta');
    await checkpoint(page, testInfo, 'renewal-01-company');
    await wizard.next.click();
    await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
    await wizard.choosePath('generate');
  });

  await test.step('portal: «Agregar certificado a alias» with the alias the supplier already has', async () => {
    await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 3 de 5');
    await expect(wizard.aliasShown()).toHaveText(alias);
    await expect(page.getByText('Elija «Agregar certificado a alias».')).toBeVisible();
    await expect(
      page.getByText(`El certificado nuevo se agrega al mismo alias (${alias}): no hace falta crear otro alias.`),
    ).toBeVisible();
    await expect(page.getByText('Elija «Nuevo Certificado».')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Ingresar a ARCA con Clave Fiscal/ })).toHaveAttribute(
      'href',
      ARCA_LOGIN_URL,
    );
    await expect(page.getByRole('link', { name: 'Abrir el portal del emulador' })).toHaveAttribute(
      'href',
      '/emulator?environment=sandbox#certificate',
    );
    await checkpoint(page, testInfo, 'renewal-03-portal');
  });

  // At the authority: a new certificate for the same alias, and no new authorization.
  const { csr } = await requestCsr(new URL(page.url()).pathname.split('/').at(-1)!);
  const certificate = await issueCertificate('sandbox', alias, csr);

  await test.step('straight to the upload, which the kept authorization lets through', async () => {
    await wizard.next.click();
    await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 5 de 5');
    await wizard.pasteText('certificate', certificate);
    await wizard.submitUpload.click();
    await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
    await checkpoint(page, testInfo, 'renewal-05-done');
  });
});

test('a live renewal: «Ver» next to the alias, then «Agregar certificado»; the emulator opens in Producción', async ({
  page,
  context,
}, testInfo) => {
  const workspace = await createWorkspace({ environment: 'live' });
  const link = await openRegistration(workspace);
  const alias = await registerFirst(workspace, link);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(await startRenewal(workspace, link));
  await wizard.next.click();
  await wizard.choosePath('generate');

  await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
  const steps = page.getByRole('list').filter({ hasText: 'Agregar certificado' }).getByRole('listitem');
  await expect(steps.nth(0)).toContainText('«Adherir servicio»');
  await expect(steps.nth(0)).toContainText('«Administración de Certificados Digitales»');
  await expect(steps.nth(2)).toContainText('presione «Ver» junto a su alias actual');
  await expect(steps.nth(2).getByRole('code')).toHaveText(alias);
  await expect(steps.nth(3)).toHaveText(/Presione «Agregar certificado»\./);
  await expect(steps.nth(5)).toContainText('«Descargar»');
  await expect(page.getByText('Presione «Agregar alias».')).toHaveCount(0);
  await checkpoint(page, testInfo, 'renewal-live-portal');

  const emulatorLink = page.getByRole('link', { name: 'Abrir el portal del emulador' });
  await expect(emulatorLink).toHaveAttribute('href', '/emulator?environment=live#certificate');
  await expect(
    page.getByText('El emulador se abre en «Producción», el ambiente de esta alta.', { exact: false }),
  ).toBeVisible();
  const [emulator] = await Promise.all([context.waitForEvent('page'), emulatorLink.click()]);
  await expect(emulator.getByRole('radio', { name: 'Producción' })).toBeChecked();
  await expect(emulator.getByRole('region', { name: 'Agregar alias' })).toBeVisible();
  await expect(emulator.getByRole('button', { name: 'Agregar alias' })).toBeVisible();
});
