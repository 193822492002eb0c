// The emulator's portal pages (/emulator), by the labels a person reads. The certificate and authorization
// screens use each environment's real words (WSASS in Homologación, the live portal in Producción).
import type { Locator, Page } from '@playwright/test';

export type EnvironmentName = 'Homologación' | 'Producción';

export class EmulatorPortalPage {
  readonly banner: Locator;
  readonly certificate: Locator;
  readonly authorization: Locator;
  readonly pointOfSale: Locator;
  readonly revocation: Locator;
  readonly taxpayer: Locator;
  readonly issuedVouchers: Locator;
  readonly issuedCertificate: Locator;
  /** The certificate screen's fields and button, in either environment's words. */
  readonly certificateAlias: Locator;
  readonly certificateCsr: Locator;
  readonly certificateSubmit: Locator;
  readonly authorizationAlias: Locator;
  readonly authorizationCuit: Locator;
  readonly authorizationService: Locator;
  readonly authorizationSubmit: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole('banner').getByText('Emulador de ARCA — no es el sitio real de la AFIP/ARCA');
    this.certificate = page.getByRole('region', { name: /^(Nuevo Certificado|Agregar alias)$/ });
    this.authorization = page.getByRole('region', { name: /^(Crear autorización a servicio|Nueva Relación)$/ });
    this.pointOfSale = page.getByRole('region', { name: 'A/B/M de Puntos de Venta' });
    this.revocation = page.getByRole('region', { name: 'Revocar un certificado' });
    this.taxpayer = page.getByRole('region', { name: 'Condición frente al IVA' });
    this.issuedVouchers = page.getByRole('region', { name: 'Comprobantes emitidos' });
    this.issuedCertificate = this.certificate.getByLabel('Certificado emitido (PEM)');
    this.certificateAlias = this.certificate.getByLabel(/^(Nombre simbólico del DN|Alias)$/);
    this.certificateCsr = this.certificate.getByLabel(
      /^(Solicitud de certificado en formato PKCS#10|Pedido de certificado \(CSR\))$/,
    );
    this.certificateSubmit = this.certificate.getByRole('button', {
      name: /^(Crear DN y obtener certificado|Agregar alias)$/,
    });
    this.authorizationAlias = this.authorization.getByLabel(
      /^(Nombre simbólico del DN a autorizar|Computador Fiscal)$/,
    );
    this.authorizationCuit = this.authorization.getByLabel('CUIT representado');
    this.authorizationService = this.authorization.getByLabel(/^(Servicio al que desea acceder|WebServices)$/);
    this.authorizationSubmit = this.authorization.getByRole('button', {
      name: /^(Crear autorización de acceso|Confirmar)$/,
    });
  }

  async goto(environment?: 'sandbox' | 'live') {
    return this.page.goto(environment ? `/emulator?environment=${environment}` : '/emulator');
  }

  environment(name: EnvironmentName): Locator {
    return this.page.getByRole('radio', { name });
  }

  async createCertificate(alias: string, csr: string) {
    await this.certificateAlias.fill(alias);
    await this.certificateCsr.fill(csr);
    await this.certificateSubmit.click();
  }

  async authorize({ alias, cuit, service }: { alias?: string; cuit: string; service: 'wsfe' | 'wsfex' | 'wsct' }) {
    if (alias !== undefined) await this.authorizationAlias.fill(alias);
    await this.authorizationCuit.fill(cuit);
    await this.authorizationService.selectOption(service);
    await this.authorizationSubmit.click();
  }

  async addPointOfSale(cuit: string, number: string) {
    await this.pointOfSale.getByLabel('CUIT').fill(cuit);
    await this.pointOfSale.getByLabel('Número de punto de venta').fill(number);
    await this.pointOfSale.getByRole('button', { name: 'Agregar punto de venta' }).click();
  }

  async setVatStatus(
    cuit: string,
    status: 'IVA Responsable Inscripto' | 'Responsable Monotributo' | 'IVA Sujeto Exento',
  ) {
    await this.taxpayer.getByLabel('CUIT').fill(cuit);
    const select = this.taxpayer.getByLabel('Condición frente al IVA');
    const value = await select.locator('option', { hasText: status }).getAttribute('value');
    await select.selectOption(value!);
    await this.taxpayer.getByRole('button', { name: 'Guardar condición' }).click();
  }

  async consultVouchers(cuit: string) {
    await this.issuedVouchers.getByLabel('CUIT del emisor').fill(cuit);
    await this.issuedVouchers.getByRole('button', { name: 'Consultar comprobantes' }).click();
  }

  async revoke(certificatePem: string) {
    await this.revocation.getByLabel('Certificado a revocar').fill(certificatePem);
    await this.revocation.getByRole('button', { name: 'Revocar certificado' }).click();
  }

  /** The polite success message of a section. */
  status(section: Locator): Locator {
    return section.getByRole('status');
  }

  alert(section: Locator): Locator {
    return section.getByRole('alert');
  }
}
