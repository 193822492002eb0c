// Bringing your own certificate: the supplier (or their accountant) made the key and the request
// themselves, encrypted the key with a password, and got the certificate from the portal. The wizard
// skips the portal step, asks for both files, and asks for the password once it sees an encrypted key.
import { expect, test } from '@playwright/test';
import { encryptPkcs8, makeCsr, testKey } from '@/tests/support/pki';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { authorizeService, issueCertificate } from '@/tests/e2e/support/arca-portal';
import { createWorkspace, getEntry, openRegistration, type Workspace } from '@/tests/e2e/support/integrator';
import { checkpoint, expiryDate } from '@/tests/e2e/support/wizard-checks';

let workspace: Workspace;

test.beforeAll(async () => {
  workspace = await createWorkspace({ environment: 'sandbox' });
});

test('a supplier registers their own certificate and password-protected key', async ({ page }, testInfo) => {
  const link = await openRegistration(workspace);
  const alias = `contador${link.cuit.slice(2, 10)}`;
  const password = 'Ñandú-2024 contraseña';
  const key = testKey('rsa', { slot: 'leaf' });
  const certificate = await issueCertificate(
    'sandbox',
    alias,
    makeCsr({ key, cuit: link.cuit, alias, organization: link.name }).pem,
  );
  await authorizeService('sandbox', link.cuit, alias, 'wsfe');
  const wizard = new RegistrationWizardPage(page);

  await wizard.goto(link.path);
  await wizard.confirmCompany({
    fiscalAddress: 'San Martín 50, Rosario, Santa Fe',
    activityCode: '471100',
    taxClassification: 'Monotributista',
  });
  await expect(wizard.certificatePath('generate')).toBeChecked();
  await wizard.choosePath('own');

  await test.step('no portal step: straight to authorising, with their own alias', async () => {
    await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 4 de 5');
    await expect(
      page.getByText('Si ya autorizó este certificado para estos servicios, siga con «Siguiente».'),
    ).toBeVisible();
    await expect(wizard.copyAlias).toHaveCount(0);
    await checkpoint(page, testInfo, 'own-03-authorize');
    await wizard.next.click();
  });

  await test.step('upload: the certificate picked, the encrypted key dropped; the password field appears', async () => {
    await expect(wizard.heading(STEP_HEADINGS.uploadOwn)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 5 de 5');
    await expect(wizard.password).toHaveCount(0);
    await wizard.chooseFile('certificate', { name: 'certificado.crt', contents: certificate });
    await wizard.dropFile('key', { name: 'clave.key', contents: encryptPkcs8(key, password) });
    await expect(page.getByText('Elegido: clave.key')).toBeVisible();
    await expect(wizard.password).toBeVisible();
    await expect(wizard.password).toHaveAttribute('type', 'password');
    await expect(wizard.password).toHaveAccessibleDescription(/Su clave está protegida con contraseña/);
  });

  await test.step('a wrong password: said on the password field, which gets the focus', async () => {
    await wizard.password.fill('contraseña equivocada');
    await wizard.submitUpload.click();
    await expect(wizard.password).toHaveAttribute('aria-invalid', 'true');
    await expect(wizard.password).toHaveAccessibleDescription(/La contraseña no abre la clave privada/);
    await expect(wizard.password).toBeFocused();
    await expect(wizard.announcer).toContainText('La contraseña no abre la clave privada');
    await expect(wizard.certificateFile).not.toHaveAttribute('aria-invalid');
    await expect(wizard.keyFile).not.toHaveAttribute('aria-invalid');
    await checkpoint(page, testInfo, 'own-04-upload-wrong-password');
  });

  await test.step('the right password: done', async () => {
    await wizard.password.fill(password);
    await wizard.submitUpload.click();
    await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
    await expect(wizard.summaryValue('Certificado (alias)')).toHaveText(alias);
    await expect(wizard.summaryValue('Vence el')).toHaveText(expiryDate(certificate));
    await checkpoint(page, testInfo, 'own-05-done');
    expect((await getEntry(workspace, link.entryId)).status).toBe('Registered');
  });
});
