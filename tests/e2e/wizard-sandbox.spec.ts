// The sandbox registration a newcomer does, with the key and request (CSR) we generate: company data,
// the path, the portal step (alias and request copied and downloaded from the page), the authority's
// part done through the emulator's portal API, the upload, and the done step with the expiry date.
// Every step is scanned with axe and kept as a screenshot; the link then shows "already registered".
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import forge from 'node-forge';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { authorizeService, issueCertificate } from '@/tests/e2e/support/arca-portal';
import {
  createWorkspace,
  getEntry,
  getRegistration,
  openRegistration,
  type Workspace,
} from '@/tests/e2e/support/integrator';
import { checkpoint, expiryDate, writtenCuit } from '@/tests/e2e/support/wizard-checks';

let workspace: Workspace;

test.beforeAll(async () => {
  workspace = await createWorkspace({ environment: 'sandbox' });
});

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a supplier goes from the link to Registered with the request we generate', async ({ page }, testInfo) => {
  const link = await openRegistration(workspace, { name: 'Ferretería El Tornillo S.R.L.' });
  const wizard = new RegistrationWizardPage(page);
  const confirmedName = 'Ferretería El Tornillo Sociedad de Responsabilidad Limitada';

  // The supplier's name and CUIT come in the server-rendered HTML.
  const response = await wizard.goto(link.path);
  const html = await response!.text();
  expect(html).toContain(link.name);
  expect(html).toContain(writtenCuit(link.cuit));

  await test.step('company data: checked, corrected and confirmed', async () => {
    await expect(wizard.supplierName).toHaveText(link.name);
    await expect(wizard.heading(STEP_HEADINGS.company)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 1 de 5');
    await expect(wizard.legalName).toHaveValue(link.name);
    await expect(wizard.cuit).toHaveValue(writtenCuit(link.cuit));
    await expect(wizard.cuit).not.toBeEditable();
    await expect(wizard.back).toHaveCount(0);
    await checkpoint(page, testInfo, 'sandbox-01-company');

    // Nothing filled in: each field says what it needs, and the live region reads it out.
    await wizard.next.click();
    await expect(wizard.fiscalAddress).toHaveAttribute('aria-invalid', 'true');
    await expect(wizard.fiscalAddress).toHaveAccessibleDescription(/Escriba el domicilio fiscal completo/);
    await expect(wizard.activityCode).toHaveAccessibleDescription(/El código de actividad tiene 6 números/);
    await expect(wizard.announcer).toContainText('Revise lo siguiente:');
    await expect(wizard.announcer).toContainText('Elija Responsable Inscripto, Monotributista o IVA Exento.');
    await checkpoint(page, testInfo, 'sandbox-01-company-errors');

    await wizard.confirmCompany({
      legalName: confirmedName,
      fiscalAddress: 'Av. Corrientes 1234, CABA, Buenos Aires',
      activityCode: '620100',
      taxClassification: 'Responsable Inscripto',
    });
  });

  await test.step('path: we generate the key and the request', async () => {
    // A new screen: the focus goes to its heading, where a screen reader starts reading.
    await expect(wizard.heading(STEP_HEADINGS.path)).toBeFocused();
    await expect(wizard.stepCounter()).toContainText('Paso 2 de 5');
    await expect(wizard.certificatePath('generate')).toBeChecked();
    await checkpoint(page, testInfo, 'sandbox-02-path');
    await wizard.next.click();
  });

  const { alias, csr } = await test.step('portal: alias and request, copied and downloaded', async () => {
    await expect(wizard.heading(STEP_HEADINGS.portal)).toBeFocused();
    await expect(wizard.stepCounter()).toContainText('Paso 3 de 5');
    await expect(
      page.getByText('Abra «WSASS - Autogestión Certificados Homologación».', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('En «Nombre simbólico del DN», escriba:')).toBeVisible();
    // The request the service keeps for the link is what the page shows (a textarea's value has LF line ends).
    const kept = (await getRegistration(link.ref)).csr!;
    await expect(wizard.aliasShown()).toHaveText(kept.alias);
    expect(await wizard.csrText.inputValue()).toBe(kept.csr.replace(/\r\n/g, '\n'));
    expect(kept.csr).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\r?\n[\s\S]+-----END CERTIFICATE REQUEST-----\s*$/);

    await wizard.copyAlias.click();
    await expect(page.getByText('Copiado')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(kept.alias);
    await wizard.copyCsr.click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(kept.csr);

    const downloading = page.waitForEvent('download');
    await wizard.downloadCsr.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('pedido.csr');
    expect(await fs.readFile(await download.path(), 'utf8')).toBe(kept.csr);

    // Made for this supplier, with the legal name confirmed on the first step.
    const subject = forge.pki.certificationRequestFromPem(kept.csr).subject;
    expect(subject.getField('CN')?.value).toBe(kept.alias);
    expect(subject.getField({ name: 'serialNumber' })?.value).toBe(`CUIT ${link.cuit}`);
    expect(forge.util.decodeUtf8(subject.getField('O')?.value ?? '')).toBe(confirmedName);
    await checkpoint(page, testInfo, 'sandbox-03-portal');
    return kept;
  });

  // The supplier's part at the authority: WSASS makes the certificate; the service is authorised.
  const certificate = await issueCertificate('sandbox', alias, csr);
  await authorizeService('sandbox', link.cuit, alias, 'wsfe');

  await test.step('authorize: the service, the alias and the CUIT', async () => {
    await wizard.next.click();
    await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 4 de 5');
    await expect(
      page.getByText('En «Servicio al que desea acceder», elija wsfe - Facturación Electrónica.'),
    ).toBeVisible();
    await expect(page.getByText('Presione «Crear autorización de acceso».')).toBeVisible();
    await expect(wizard.aliasShown()).toHaveText(alias);
    await expect(page.getByRole('listitem').filter({ hasText: 'En «CUIT representado», escriba:' })).toContainText(
      writtenCuit(link.cuit),
    );
    await checkpoint(page, testInfo, 'sandbox-04-authorize');
    await wizard.next.click();
  });

  await test.step('upload: the certificate, sent once, with progress', async () => {
    await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 5 de 5');
    // The key is ours: only the certificate is asked for.
    await expect(wizard.keyFile).toHaveCount(0);
    await checkpoint(page, testInfo, 'sandbox-05-upload');

    await wizard.chooseFile('certificate', { name: 'certificado.crt', contents: certificate });
    await expect(page.getByText('Elegido: certificado.crt')).toBeVisible();

    // Hold the upload at the door to see the wizard busy: no second submission while it runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const uploads: string[] = [];
    await page.route('**/certificate', async (route) => {
      uploads.push(route.request().method());
      await held;
      await route.continue();
    });
    await wizard.submitUpload.click();
    await expect(wizard.submitUpload).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: /Enviando…|Verificando con ARCA…/ })).toBeVisible();
    await wizard.submitUpload.click({ force: true });
    release();
    await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
    expect(uploads).toEqual(['POST']);
    await page.unroute('**/certificate');
  });

  await test.step('done: what was registered and until when', async () => {
    await expect(wizard.summaryValue('Certificado (alias)')).toHaveText(alias);
    await expect(wizard.summaryValue('CUIT')).toHaveText(writtenCuit(link.cuit));
    await expect(wizard.summaryValue('Servicios autorizados')).toHaveText('Facturación Electrónica (wsfe)');
    await expect(wizard.summaryValue('Vence el')).toHaveText(expiryDate(certificate));
    await expect(wizard.back).toHaveCount(0);
    await checkpoint(page, testInfo, 'sandbox-06-done');
    expect((await getEntry(workspace, link.entryId)).status).toBe('Registered');
  });

  await test.step('the link again: already registered', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Esta alta ya está completa' })).toBeVisible();
    await expect(page.getByText(`El alta de ${link.name} para factura electrónica ya está hecha.`)).toBeVisible();
    await expect(wizard.summaryValue('Certificado (alias)')).toHaveText(alias);
    await expect(wizard.summaryValue('Vence el')).toHaveText(expiryDate(certificate));
    await checkpoint(page, testInfo, 'sandbox-07-already-registered');
  });
});
