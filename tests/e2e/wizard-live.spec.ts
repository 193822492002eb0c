// A live (producción) registration: the portal step of «Administración de Certificados Digitales» (the
// request is downloaded as pedido.csr), the «Nueva Relación» authorisation, and after the upload the
// points of sale the authority reports, refreshed after the supplier adds one.
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { addPointOfSale, authorizeService, issueCertificate } from '@/tests/e2e/support/arca-portal';
import { createWorkspace, getEntry, openRegistration, type Workspace } from '@/tests/e2e/support/integrator';
import { checkpoint, expiryDate } from '@/tests/e2e/support/wizard-checks';

let workspace: Workspace;

test.beforeAll(async () => {
  workspace = await createWorkspace({ environment: 'live' });
});

test('a live registration lists the points of sale and refreshes them', async ({ page }, testInfo) => {
  const link = await openRegistration(workspace);
  const wizard = new RegistrationWizardPage(page);

  await wizard.goto(link.path);
  await expect(page.getByText('Producción', { exact: true })).toBeVisible();
  await wizard.confirmCompany({
    fiscalAddress: 'Belgrano 890, Córdoba',
    activityCode: '620100',
    taxClassification: 'Monotributista',
  });
  await wizard.choosePath('generate');

  const request = await test.step('portal: the live instructions, the request downloaded as pedido.csr', async () => {
    await expect(wizard.heading(STEP_HEADINGS.portal)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 3 de 6');
    await expect(
      page.getByText('Abra «Administración de Certificados Digitales». Si actúa por una empresa, elíjala.'),
    ).toBeVisible();
    const alias = (await wizard.aliasShown().textContent())!;
    const downloading = page.waitForEvent('download');
    await wizard.downloadCsr.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('pedido.csr');
    const csr = await fs.readFile(await download.path(), 'utf8');
    expect(csr).toContain('-----BEGIN CERTIFICATE REQUEST-----');
    await checkpoint(page, testInfo, 'live-03-portal');
    return { alias, csr };
  });

  // At the authority: the certificate, the wsfe relation, and point of sale 5 for web services.
  const certificate = await issueCertificate('live', request.alias, request.csr);
  await authorizeService('live', link.cuit, request.alias, 'wsfe');
  await addPointOfSale('live', link.cuit, 5);

  await test.step('authorize: «Nueva Relación» with the alias as representative', async () => {
    await wizard.next.click();
    await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
    await expect(page.getByText('Presione «Nueva Relación» y luego «Buscar».')).toBeVisible();
    await expect(page.getByText('En Representante, presione «Buscar».')).toBeVisible();
    await expect(page.getByText('En «Computador Fiscal», elija el alias:')).toBeVisible();
    await expect(wizard.aliasShown()).toHaveText(request.alias);
    await checkpoint(page, testInfo, 'live-04-authorize');
    await wizard.next.click();
  });

  await test.step('upload (the certificate pasted as text), then the points of sale the authority reports', async () => {
    await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
    await wizard.pasteText('certificate', certificate);
    await wizard.submitUpload.click();
    await expect(wizard.heading(STEP_HEADINGS.pointsOfSale)).toBeVisible();
    await expect(wizard.stepCounter()).toContainText('Paso 6 de 6');
    await expect(wizard.pointOfSale(5)).toContainText('Activo');
    await expect(wizard.pointOfSale(6)).toHaveCount(0);
    // With a point of sale for web services the step says the supplier can invoice, and no longer repeats how to
    // add one (the emulator's link, the system to choose): tests/e2e/wizard-flow.spec.ts shows them without one.
    await expect(
      page.getByText('Ya tiene un punto de venta para web services: puede facturar con este sistema.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abrir el portal del emulador' })).toHaveCount(0);
    await expect(page.getByText('Como sistema, elija «Factura Electrónica - Monotributo - Web Services».')).toHaveCount(
      0,
    );
    // The link is used now: no way back to the upload.
    await expect(wizard.back).toHaveCount(0);
    expect((await getEntry(workspace, link.entryId)).status).toBe('Registered');
    await checkpoint(page, testInfo, 'live-06-points-of-sale');
  });

  await test.step('a point of sale added at the authority shows after «Actualizar lista»', async () => {
    await addPointOfSale('live', link.cuit, 6);
    await wizard.refreshPointsOfSale.click();
    await expect(wizard.pointOfSale(6)).toContainText('Activo');
    await expect(wizard.pointOfSale(5)).toBeVisible();
    await expect(wizard.refreshPointsOfSale).toBeEnabled();
    await checkpoint(page, testInfo, 'live-06-points-of-sale-refreshed');
  });

  await test.step('done', async () => {
    await wizard.next.click();
    await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
    await expect(wizard.progress).toContainText('Alta completa');
    await expect(wizard.summaryValue('Vence el')).toHaveText(expiryDate(certificate));
    // Only sandbox says any point of sale number works.
    await expect(page.getByText('En homologación puede usar cualquier número de punto de venta.')).toHaveCount(0);
    await checkpoint(page, testInfo, 'live-07-done');
  });
});
