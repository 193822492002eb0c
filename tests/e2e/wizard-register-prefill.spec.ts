// The company step filled from the authority's register (issue 28): a supplier whose CUIT the (emulated)
// register holds finds its razón social, domicilio fiscal, activity, IVA condition and start of activities
// filled in, is told where they came from, may change any of them, and is asked for its Ingresos Brutos
// number, which the register cannot know; a CUIT the register does not hold starts from the entry, no note.
import { expect, test } from '@playwright/test';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { registerTaxpayer } from '@/tests/e2e/support/arca-portal';
import {
  createWorkspace,
  getRegistration,
  newCuit,
  openRegistration,
  type Workspace,
} from '@/tests/e2e/support/integrator';

const NOTE = 'Completamos estos datos con su constancia de inscripción de ARCA. Revíselos: puede cambiar cualquiera.';

let sandbox: Workspace;

test.beforeAll(async () => {
  sandbox = await createWorkspace({ environment: 'sandbox' });
});

test("the company step arrives filled from the register, says so, and takes the supplier's changes", async ({
  page,
}) => {
  const cuit = newCuit('30');
  await registerTaxpayer('sandbox', {
    cuit,
    vat_status: 'responsable_inscripto',
    name: 'FERRETERIA EL TORNILLO S.R.L.',
    address: { street: 'Av. San Martín 450', locality: 'Córdoba', postal_code: '5000', province: 'CORDOBA' },
    activities: [{ code: '475230', name: 'VENTA AL POR MENOR DE ARTÍCULOS DE FERRETERÍA' }],
    started_on: '2019-06-15',
  });
  const link = await openRegistration(sandbox, { cuit, name: 'Nombre que cargó el integrador S.A.' });
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);

  await expect(wizard.stepHeading).toHaveText(STEP_HEADINGS.company);
  await expect(page.getByRole('note')).toHaveText(NOTE);
  await expect(wizard.legalName).toHaveValue('FERRETERIA EL TORNILLO S.R.L.');
  await expect(wizard.fiscalAddress).toHaveValue('Av. San Martín 450, Córdoba (5000), CORDOBA');
  await expect(wizard.activityCode).toHaveValue('475230');
  await expect(page.getByRole('radio', { name: /Responsable Inscripto/ })).toBeChecked();
  const startedOn = page.getByLabel('Inicio de actividades');
  await expect(startedOn).toHaveValue('2019-06-15');
  const grossIncome = page.getByLabel('Número de Ingresos Brutos');
  await expect(grossIncome).toHaveValue('');

  // Every field stays the supplier's to change.
  await wizard.legalName.fill('Ferretería El Tornillo S.R.L.');
  await wizard.fiscalAddress.fill('Av. San Martín 452, Córdoba');
  await startedOn.fill('2019-07-01');
  await grossIncome.fill('904-123456-7');
  await wizard.next.click();
  await expect(wizard.stepHeading).toHaveText(STEP_HEADINGS.path);

  const saved = await getRegistration(link.ref);
  expect(saved.progress.company).toEqual({
    legal_name: 'Ferretería El Tornillo S.R.L.',
    fiscal_address: 'Av. San Martín 452, Córdoba',
    activity_code: '475230',
    tax_classification: 'responsable_inscripto',
    gross_income: '904-123456-7',
    started_on: '2019-07-01',
  });
});

test('a CUIT the register does not hold starts from the supplier entry, without the note', async ({ page }) => {
  const link = await openRegistration(sandbox, { name: 'Distribuidora Sin Padrón S.A.' });
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await expect(wizard.stepHeading).toHaveText(STEP_HEADINGS.company);
  await expect(wizard.legalName).toHaveValue('Distribuidora Sin Padrón S.A.');
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(page.getByLabel('Número de Ingresos Brutos')).toBeVisible();
});
