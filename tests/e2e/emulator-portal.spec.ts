// The emulator's portal pages, driven as a newcomer drives them: a certificate from a CSR (copied and
// downloaded), a wsfe authorization, a point of sale, the IVA condition and the issued vouchers, and a
// revocation, each checked against the emulated WSAA and WSFEv1 as well as on screen.
import { X509Certificate, createPublicKey, randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { formatCuit, withCheckDigit } from '@/lib/ar/cuit';
import { authXml, loginCms, portal, ticketOf, wsfe } from '@/tests/support/emulator-client';
import { solicitar, voucher } from '@/tests/support/wsfe-vouchers';
import { makeCsr, pkcs8Pem, testKey } from '@/tests/support/pki';
import { expectNoSeriousViolations } from '@/tests/e2e/support/accessibility';
import { saveScreenshot } from '@/tests/e2e/support/artefacts';
import { EmulatorPortalPage } from '@/tests/e2e/pages/emulator-portal-page';

function newCuit(): string {
  for (;;) {
    const cuit = withCheckDigit(`20${String(randomInt(10_000_000, 99_999_999))}`);
    if (cuit) return cuit;
  }
}

function newSupplier() {
  const cuit = newCuit();
  const alias = `fe${cuit.slice(2, 10)}`;
  const key = testKey('rsa', { slot: 'leaf' });
  return {
    cuit,
    alias,
    key,
    csr: makeCsr({ key, cuit, alias }).pem,
    credential: (certificatePem: string) => ({ certificatePem, privateKeyPem: pkcs8Pem(key) }),
  };
}

test.describe('the emulator portal pages', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('make a certificate from a CSR, authorise wsfe, add a point of sale and revoke it', async ({
    page,
    baseURL,
  }, testInfo) => {
    const supplier = newSupplier();
    const portal = new EmulatorPortalPage(page);
    await portal.goto();
    await expect(portal.banner).toBeVisible();
    await expect(portal.environment('Homologación')).toBeChecked();

    await portal.createCertificate(supplier.alias, supplier.csr);
    await expect(portal.status(portal.certificate)).toContainText('Certificado emitido en Homologación');
    const pem = await portal.issuedCertificate.inputValue();
    const certificate = new X509Certificate(pem);
    expect(certificate.issuer).toBe('C=AR\nO=AFIP\nCN=Computadores Test');
    expect(certificate.subject).toContain(`CN=${supplier.alias}\nserialNumber=CUIT ${supplier.cuit}`);
    expect(certificate.publicKey.export({ type: 'spki', format: 'pem' })).toBe(
      createPublicKey(supplier.key).export({ type: 'spki', format: 'pem' }),
    );

    const downloading = page.waitForEvent('download');
    await portal.certificate.getByRole('link', { name: 'Descargar certificado.crt' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('certificado.crt');
    expect(await fs.readFile(await download.path(), 'utf8')).toBe(pem);

    await portal.certificate.getByRole('button', { name: 'Copiar certificado' }).click();
    await expect(portal.certificate.getByText('Copiado', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pem);

    // The alias carries over from the certificate just made.
    await expect(portal.authorizationAlias).toHaveValue(supplier.alias);
    await portal.authorize({ cuit: formatCuit(supplier.cuit), service: 'wsfe' });
    await expect(portal.status(portal.authorization)).toHaveText(
      `Autorización creada en Homologación: el alias ${supplier.alias} puede usar wsfe para la CUIT ${formatCuit(supplier.cuit)}.`,
    );
    const login = await loginCms(baseURL!, 'sandbox', supplier.credential(pem), { service: 'wsfe' });
    expect(login.fault).toBeUndefined();
    const ticket = ticketOf(login);

    await portal.addPointOfSale(supplier.cuit, '7');
    await expect(portal.status(portal.pointOfSale)).toHaveText(
      `Punto de venta 7 agregado en Homologación para la CUIT ${formatCuit(supplier.cuit)}.`,
    );
    const points = await wsfe(baseURL!, 'sandbox', 'FEParamGetPtosVenta', authXml({ ...ticket, cuit: supplier.cuit }));
    expect(points.body.FEParamGetPtosVentaResponse.FEParamGetPtosVentaResult.ResultGet.PtoVenta).toMatchObject({
      Nro: '7',
      Bloqueado: 'N',
    });

    await portal.revoke(pem);
    await expect(portal.status(portal.revocation)).toContainText('Certificado revocado en Homologación');
    await expect(portal.status(portal.revocation)).toContainText(`(número de serie ${certificate.serialNumber})`);
    const refused = await loginCms(baseURL!, 'sandbox', supplier.credential(pem), { service: 'wsfe' });
    expect(refused.fault?.code).toBe('ns1:cms.cert.revoked');

    await saveScreenshot(page, testInfo, 'emulator-after-revocation');
    await expectNoSeriousViolations(page, testInfo, 'emulator-after-revocation');
  });

  test('in Producción, by keyboard only: the live CA signs', async ({ page }, testInfo) => {
    const supplier = newSupplier();
    const portal = new EmulatorPortalPage(page);
    await portal.goto();
    await portal.environment('Homologación').focus();
    await page.keyboard.press('ArrowRight');
    await expect(portal.environment('Producción')).toBeChecked();
    await expect(portal.certificate).toContainText('Administración de Certificados Digitales');

    // The live portal's own words: «Agregar alias», not WSASS's «Crear DN y obtener certificado».
    await expect(portal.certificate).toHaveAccessibleName('Agregar alias');
    await expect(portal.authorization).toHaveAccessibleName('Nueva Relación');
    await expect(portal.authorization.getByRole('button', { name: 'Confirmar' })).toBeVisible();
    await expect(portal.authorization.getByLabel('Computador Fiscal')).toBeVisible();
    await portal.certificate.getByLabel('Alias', { exact: true }).focus();
    await page.keyboard.type(supplier.alias);
    await page.keyboard.press('Tab');
    await expect(portal.certificate.getByLabel('Pedido de certificado (CSR)')).toBeFocused();
    await page.keyboard.insertText(supplier.csr);
    await page.keyboard.press('Tab');
    await expect(portal.certificate.getByRole('button', { name: 'Agregar alias' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(portal.status(portal.certificate)).toContainText('Certificado emitido en Producción');
    expect(new X509Certificate(await portal.issuedCertificate.inputValue()).issuer).toBe(
      'C=AR\nO=AFIP\nCN=Computadores',
    );
    await saveScreenshot(page, testInfo, 'emulator-live-certificate');
  });

  test("the API's errors show on the field they concern", async ({ page }, testInfo) => {
    const portal = new EmulatorPortalPage(page);
    await portal.goto();

    await portal.createCertificate('mi alias', 'esto no es un pedido');
    // WSASS's own words in Homologación.
    const alias = portal.certificate.getByLabel('Nombre simbólico del DN');
    const csr = portal.certificate.getByLabel('Solicitud de certificado en formato PKCS#10');
    await expect(alias).toHaveAttribute('aria-invalid', 'true');
    await expect(alias).toHaveAccessibleDescription(/El alias admite letras, números/);
    // The API's English reason ("letters, digits, dots…") stays out of the Spanish page.
    await expect(portal.certificate).not.toContainText('letters');
    await expect(portal.certificate).not.toContainText('Detalle');
    await expect(portal.alert(portal.certificate)).toHaveText('Revise los datos marcados.');
    await alias.fill('facturacion');
    await portal.certificate.getByRole('button', { name: 'Crear DN y obtener certificado' }).click();
    await expect(csr).toHaveAttribute('aria-invalid', 'true');
    await expect(csr).toHaveAccessibleDescription(/No es un pedido de certificado válido/);
    await expect(alias).not.toHaveAttribute('aria-invalid');

    await portal.authorize({ alias: 'facturacion', cuit: '20-12345678-0', service: 'wsfex' });
    const cuit = portal.authorization.getByLabel('CUIT representado');
    await expect(cuit).toHaveAttribute('aria-invalid', 'true');
    await expect(cuit).toHaveAccessibleDescription(/Revise la CUIT/);

    await portal.addPointOfSale(newCuit(), '0');
    await expect(portal.pointOfSale.getByLabel('Número de punto de venta')).toHaveAccessibleDescription(/de 1 a 99998/);

    await portal.revoke('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----');
    await expect(portal.revocation.getByLabel('Certificado a revocar')).toHaveAccessibleDescription(
      /No es un certificado emitido en este ambiente/,
    );

    await saveScreenshot(page, testInfo, 'emulator-errors');
    await expectNoSeriousViolations(page, testInfo, 'emulator-errors');
  });

  test('set the IVA condition, invoice as a Monotributista, and see the vouchers with their CAE, newest first', async ({
    page,
    baseURL,
  }, testInfo) => {
    const supplier = newSupplier();
    const issued = await portal(baseURL!, 'certificates', {
      environment: 'sandbox',
      alias: supplier.alias,
      csr: supplier.csr,
    });
    await portal(baseURL!, 'authorizations', {
      environment: 'sandbox',
      cuit: supplier.cuit,
      alias: supplier.alias,
      service: 'wsfe',
    });
    const auth = {
      ...ticketOf(await loginCms(baseURL!, 'sandbox', supplier.credential(issued.body.certificate))),
      cuit: supplier.cuit,
    };
    const portalPage = new EmulatorPortalPage(page);
    await portalPage.goto();

    // A Responsable Inscripto (the default) cannot issue C.
    const refused = await solicitar(baseURL!, 'sandbox', auth, { pointOfSale: 3, voucherType: 11 }, [voucher('C', 1)]);
    expect(refused.errors.map((error) => error.Code)).toEqual(['10000']);

    await portalPage.setVatStatus(formatCuit(supplier.cuit), 'Responsable Monotributo');
    await expect(portalPage.status(portalPage.taxpayer)).toHaveText(
      `La CUIT ${formatCuit(supplier.cuit)} queda como Responsable Monotributo en Homologación: emite comprobantes C.`,
    );
    const first = await solicitar(baseURL!, 'sandbox', auth, { pointOfSale: 3, voucherType: 11 }, [voucher('C', 1)]);
    const second = await solicitar(baseURL!, 'sandbox', auth, { pointOfSale: 3, voucherType: 11 }, [
      voucher('C', 2, { ImpTotal: '1500.5', ImpNeto: '1500.5' }),
    ]);
    expect([first.head.Resultado, second.head.Resultado]).toEqual(['A', 'A']);

    await portalPage.consultVouchers(supplier.cuit);
    await expect(portalPage.status(portalPage.issuedVouchers)).toHaveText(
      `CUIT ${formatCuit(supplier.cuit)} en Homologación: Responsable Monotributo (emite comprobantes C). ` +
        '2 comprobantes autorizados, del más reciente al más antiguo (se muestran hasta 50).',
    );
    const listed = portalPage.issuedVouchers.getByRole('list', {
      name: `Comprobantes autorizados para la CUIT ${formatCuit(supplier.cuit)}`,
    });
    const items = listed.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Factura C 00003-00000002');
    await expect(items.nth(0)).toContainText('$ 1.500,50');
    await expect(items.nth(0)).toContainText(second.details[0]!.CAE);
    await expect(items.nth(1)).toContainText('Factura C 00003-00000001');
    await expect(items.nth(1)).toContainText('Consumidor final sin identificar');

    await portalPage.consultVouchers('20-12345678-0');
    await expect(portalPage.issuedVouchers.getByLabel('CUIT del emisor')).toHaveAccessibleDescription(/Revise la CUIT/);

    await saveScreenshot(page, testInfo, 'emulator-issued-vouchers');
    await expectNoSeriousViolations(page, testInfo, 'emulator-issued-vouchers');
  });

  test('a lost answer over real HTTP: the connection is cut, the voucher is authorised', async ({ baseURL }) => {
    const supplier = newSupplier();
    const issued = await portal(baseURL!, 'certificates', {
      environment: 'live',
      alias: supplier.alias,
      csr: supplier.csr,
    });
    await portal(baseURL!, 'authorizations', {
      environment: 'live',
      cuit: supplier.cuit,
      alias: supplier.alias,
      service: 'wsfe',
    });
    await portal(baseURL!, 'points-of-sale', { environment: 'live', cuit: supplier.cuit, number: 2 });
    const auth = {
      ...ticketOf(await loginCms(baseURL!, 'live', supplier.credential(issued.body.certificate))),
      cuit: supplier.cuit,
    };
    expect(
      (
        await portal(baseURL!, 'faults', {
          environment: 'live',
          operation: 'FECAESolicitar',
          fault: 'drop_response',
          count: 1,
        })
      ).status,
    ).toBe(201);
    await expect(
      solicitar(baseURL!, 'live', auth, { pointOfSale: 2, voucherType: 6 }, [voucher('B', 1)]),
    ).rejects.toThrow();
    const again = await solicitar(baseURL!, 'live', auth, { pointOfSale: 2, voucherType: 6 }, [voucher('B', 1)]);
    expect(again.errors.map((error) => error.Code)).toEqual(['10016']);
  });

  test('has no serious or critical accessibility violations', async ({ page }, testInfo) => {
    await new EmulatorPortalPage(page).goto();
    await expectNoSeriousViolations(page, testInfo, 'emulator');
  });

  test.describe('on a 360 px wide phone', () => {
    test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

    test('fits the screen without horizontal scrolling, certificate included', async ({ page }, testInfo) => {
      const supplier = newSupplier();
      const portal = new EmulatorPortalPage(page);
      await portal.goto();
      await expect(portal.banner).toBeVisible();
      await portal.createCertificate(supplier.alias, supplier.csr);
      await expect(portal.status(portal.certificate)).toContainText('Certificado emitido');
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(clientWidth).toBe(360);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await saveScreenshot(page, testInfo, 'emulator-360px');
    });
  });
});
