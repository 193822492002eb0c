// The wizard's language: Spanish (es-AR) by default, English when the browser asks for it, and a visible
// switch between them that keeps the supplier where they are.
import { expect, test } from '@playwright/test';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import {
  createWorkspace,
  openRegistration,
  requestCsr,
  saveProgress,
  type Workspace,
} from '@/tests/e2e/support/integrator';
import { checkpoint } from '@/tests/e2e/support/wizard-checks';
import { saveScreenshot } from '@/tests/e2e/support/artefacts';

let workspace: Workspace;

test.beforeAll(async () => {
  workspace = await createWorkspace({ environment: 'sandbox' });
});

test.describe('a browser that asks for English', () => {
  test.use({ locale: 'en-US' });

  test('shows the wizard in English, and the switch goes back to Español mid-way', async ({ page }, testInfo) => {
    const link = await openRegistration(workspace);
    const wizard = new RegistrationWizardPage(page);

    await wizard.goto(link.path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm the company details' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Registration steps' })).toContainText('Step 1 of 5');
    await expect(page.getByLabel('Legal name')).toHaveValue(link.name);
    await expect(wizard.languageSwitch('Español')).toHaveAttribute('lang', 'es-AR');
    await checkpoint(page, testInfo, 'english-01-company');

    // The company step's own errors, in English.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Fiscal address')).toHaveAccessibleDescription(/Enter the full fiscal address/);

    await page.getByLabel('Fiscal address').fill('Florida 100, Buenos Aires');
    await page.getByLabel('Activity code').fill('620100');
    await page.getByRole('radio', { name: 'Responsable Inscripto' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'How do you want to get the certificate?' }),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: 'I already have a certificate and its key' })).toBeVisible();

    await wizard.languageSwitch('Español').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
    await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
    await expect(wizard.certificatePath('generate')).toBeChecked();
    await expect(wizard.languageSwitch('English')).toBeVisible();

    // The choice is remembered: a reload stays in Spanish although the browser asks for English.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
    await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();

    await wizard.languageSwitch('English').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('heading', { level: 2, name: 'How do you want to get the certificate?' }),
    ).toBeVisible();
  });

  test("the service's error, in English on its field, follows a switch to Español", async ({ page }) => {
    const link = await openRegistration(workspace);
    const { csr } = await requestCsr(link.ref);
    await saveProgress(link.ref, {
      step: 'upload',
      path: 'generate',
      company: {
        legal_name: link.name,
        fiscal_address: 'Florida 100, Buenos Aires',
        activity_code: '620100',
        tax_classification: 'monotributista',
      },
    });
    const wizard = new RegistrationWizardPage(page);
    await wizard.goto(link.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Upload the certificate' })).toBeVisible();

    const certificate = page.getByLabel('Certificate (.crt)');
    await certificate.setInputFiles({
      name: 'pedido.csr',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(csr),
    });
    await page.getByRole('button', { name: 'Upload certificate' }).click();
    await expect(certificate).toHaveAccessibleDescription(
      /You uploaded the certificate request \(CSR\), not the certificate\./,
    );
    await expect(wizard.announcer).toContainText('You uploaded the certificate request (CSR), not the certificate.');

    await wizard.languageSwitch('Español').click();
    await expect(wizard.certificateFile).toHaveAccessibleDescription(
      /Subió el pedido de certificado \(CSR\), no el certificado\./,
    );
    await expect(wizard.certificateFile).toHaveAttribute('aria-invalid', 'true');
  });
});

test('a Spanish browser gets Spanish, with the switch to English', async ({ page }) => {
  const link = await openRegistration(workspace);
  const wizard = new RegistrationWizardPage(page);
  await wizard.goto(link.path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  await expect(wizard.heading(STEP_HEADINGS.company)).toBeVisible();
  await wizard.languageSwitch('English').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm the company details' })).toBeVisible();
});

test.describe("a link's ?lang= (issue 31)", () => {
  test('?lang=en opens an English wizard in a Spanish browser; the switch keeps the step and drops the parameter', async ({
    page,
  }, testInfo) => {
    const link = await openRegistration(workspace);
    await saveProgress(link.ref, {
      step: 'path',
      company: {
        legal_name: link.name,
        fiscal_address: 'Florida 100, Buenos Aires',
        activity_code: '620100',
        tax_classification: 'monotributista',
      },
    });
    const wizard = new RegistrationWizardPage(page);
    await wizard.goto(`${link.path}?lang=en`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('heading', { level: 2, name: 'How do you want to get the certificate?' }),
    ).toBeVisible();
    await saveScreenshot(page, testInfo, 'link-lang-en');

    await wizard.languageSwitch('Español').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
    await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
    expect(new URL(page.url()).searchParams.get('lang')).toBeNull();
    expect(new URL(page.url()).searchParams.get('step')).toBe('path');
    await saveScreenshot(page, testInfo, 'link-lang-switched-es');

    // The switch's choice stands on a reload; a link's ?lang= is a choice too, kept for the next visit.
    await page.reload();
    await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
    await wizard.goto(`${link.path}?lang=en&step=path`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await wizard.goto(link.path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test.describe('in an English browser', () => {
    test.use({ locale: 'en-US' });

    test('?lang=es opens the wizard in Spanish', async ({ page }, testInfo) => {
      const link = await openRegistration(workspace);
      const wizard = new RegistrationWizardPage(page);
      await wizard.goto(`${link.path}?lang=es`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
      await expect(wizard.heading(STEP_HEADINGS.company)).toBeVisible();
      await expect(wizard.languageSwitch('English')).toBeVisible();
      await saveScreenshot(page, testInfo, 'link-lang-es');
    });
  });
});
