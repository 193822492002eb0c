// Resume: the supplier's progress (step, company data, chosen path, the generated request) is kept on the
// server, so a reload — or the same link opened on another device — lands where they left off.
import { expect, test, type Page } from '@playwright/test';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { createWorkspace, getRegistration, openRegistration, type Workspace } from '@/tests/e2e/support/integrator';

let workspace: Workspace;

test.beforeAll(async () => {
  workspace = await createWorkspace({ environment: 'sandbox' });
});

const company = {
  legalName: 'Panadería La Espiga de Oro S.R.L.',
  fiscalAddress: 'Calle 7 N° 1020, La Plata, Buenos Aires',
  activityCode: '107121',
  taxClassification: 'Monotributista',
} as const;

/** Clicks, and waits until the wizard has saved the step it moved to (the supplier may close the tab right after). */
async function moveAndSave(page: Page, click: () => Promise<void>) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/progress') && response.request().method() === 'PUT',
  );
  await click();
  expect((await saved).ok()).toBe(true);
}

test('a reload and another device land on the same step with the data kept', async ({ page, browser, baseURL }) => {
  const link = await openRegistration(workspace);
  const wizard = new RegistrationWizardPage(page);

  await wizard.goto(link.path);
  await wizard.fillCompany(company);
  await moveAndSave(page, () => wizard.next.click());
  await moveAndSave(page, () => wizard.choosePath('generate'));
  await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
  const alias = (await wizard.aliasShown().textContent())!;
  const csr = await wizard.csrText.inputValue();

  await test.step('reload: the portal step, with the same request', async () => {
    await page.reload();
    await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 3 de 5');
    await expect(wizard.aliasShown()).toHaveText(alias);
    await expect(wizard.csrText).toHaveValue(csr);
  });

  await test.step('the same link on another device: the same step', async () => {
    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'es-AR',
    });
    try {
      const other = new RegistrationWizardPage(await phone.newPage());
      await other.goto(link.path);
      await expect(other.heading(STEP_HEADINGS.portal)).toBeVisible();
      await expect(other.aliasShown()).toHaveText(alias);
    } finally {
      await phone.close();
    }
  });

  await test.step('back: the chosen path and the company data are kept', async () => {
    await wizard.back.click();
    await expect(wizard.heading(STEP_HEADINGS.path)).toBeVisible();
    await expect(wizard.certificatePath('generate')).toBeChecked();
    await expect(page.getByText(`Su pedido ya está preparado (alias ${alias}).`)).toBeVisible();
    await wizard.back.click();
    await expect(wizard.heading(STEP_HEADINGS.company)).toBeVisible();
    await expect(wizard.legalName).toHaveValue(company.legalName);
    await expect(wizard.fiscalAddress).toHaveValue(company.fiscalAddress);
    await expect(wizard.activityCode).toHaveValue(company.activityCode);
    await expect(wizard.taxClassification('Monotributista')).toBeChecked();
  });

  await test.step('what the service kept', async () => {
    const { progress } = await getRegistration(link.ref);
    expect(progress.company).toEqual({
      legal_name: company.legalName,
      fiscal_address: company.fiscalAddress,
      activity_code: company.activityCode,
      tax_classification: 'monotributista',
    });
    expect(progress.path).toBe('generate');
  });
});
