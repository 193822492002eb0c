// The registration wizard at /reg/<ref>, by what a supplier reads (Spanish, es-AR): its steps, fields and
// buttons. Works on the page itself or inside an integrator's iframe.
import type { FrameLocator, Locator, Page } from '@playwright/test';

export type TaxClassification = 'Responsable Inscripto' | 'Monotributista';
export type CertificatePath = 'generate' | 'own';
export type UploadField = 'certificate' | 'key' | 'password';

export interface CompanyForm {
  legalName?: string;
  fiscalAddress?: string;
  activityCode?: string;
  taxClassification?: TaxClassification;
}

/** A file as a supplier picks it: its name and bytes (PEM text or DER). */
export interface PickedFile {
  name: string;
  contents: string | Buffer;
}

/** Each step's heading (sandbox, one web service). */
export const STEP_HEADINGS = {
  company: 'Confirme los datos de la empresa',
  path: '¿Cómo quiere obtener el certificado?',
  portal: 'Cree el certificado en ARCA',
  authorize: 'Autorice el servicio de facturación',
  upload: 'Suba el certificado',
  uploadOwn: 'Suba el certificado y su clave',
  pointsOfSale: 'Sus puntos de venta',
  done: '¡Listo! El alta quedó registrada',
} as const;

export class RegistrationWizardPage {
  readonly root: Page | FrameLocator;
  /** The supplier's name, rendered on the server. */
  readonly supplierName: Locator;
  readonly stepHeading: Locator;
  readonly progress: Locator;
  readonly next: Locator;
  readonly back: Locator;
  /** The wizard's one assertive live region (no role or name of its own, hence the test id). */
  readonly announcer: Locator;

  readonly legalName: Locator;
  readonly cuit: Locator;
  readonly fiscalAddress: Locator;
  readonly activityCode: Locator;

  readonly copyAlias: Locator;
  readonly copyCsr: Locator;
  readonly downloadCsr: Locator;
  readonly csrText: Locator;

  readonly certificateFile: Locator;
  readonly keyFile: Locator;
  readonly password: Locator;
  readonly certificateText: Locator;
  readonly keyText: Locator;
  readonly submitUpload: Locator;
  readonly uploadProblem: Locator;
  readonly retry: Locator;
  readonly toAuthorize: Locator;

  readonly refreshPointsOfSale: Locator;

  constructor(
    readonly page: Page,
    frame?: FrameLocator,
  ) {
    const root = frame ?? page;
    this.root = root;
    this.supplierName = root.getByRole('heading', { level: 1 });
    this.stepHeading = root.getByRole('heading', { level: 2 });
    this.progress = root.getByRole('navigation', { name: 'Pasos del alta' });
    this.next = root.getByRole('button', { name: 'Siguiente' });
    this.back = root.getByRole('button', { name: 'Atrás' });
    this.announcer = root.getByTestId('wizard-announcer');

    this.legalName = root.getByLabel('Razón social');
    this.cuit = root.getByLabel('CUIT', { exact: true });
    this.fiscalAddress = root.getByLabel('Domicilio fiscal');
    this.activityCode = root.getByLabel('Código de actividad');

    this.copyAlias = root.getByRole('button', { name: 'Copiar alias' });
    this.copyCsr = root.getByRole('button', { name: 'Copiar pedido' });
    this.downloadCsr = root.getByRole('link', { name: 'Descargar pedido.csr' });
    this.csrText = root.getByRole('textbox', { name: 'Pedido de certificado (CSR)' });

    this.certificateFile = root.getByLabel('Certificado (.crt)');
    this.keyFile = root.getByLabel('Clave privada (.key)');
    this.password = root.getByLabel('Contraseña de la clave');
    this.certificateText = root.getByLabel('Texto del certificado');
    this.keyText = root.getByLabel('Texto de la clave');
    this.submitUpload = root.getByRole('button', { name: 'Subir certificado' });
    this.uploadProblem = root.getByText('No pudimos registrar el certificado');
    this.retry = root.getByRole('button', { name: 'Reintentar' });
    this.toAuthorize = root.getByRole('button', { name: 'Ver cómo autorizar el servicio' });

    this.refreshPointsOfSale = root.getByRole('button', { name: 'Actualizar lista' });
  }

  async goto(path: string) {
    return this.page.goto(path);
  }

  heading(name: string): Locator {
    return this.root.getByRole('heading', { level: 2, name, exact: true });
  }

  /** "Paso 3 de 6": where the supplier is. */
  stepCounter(): Locator {
    return this.progress.getByText(/^Paso \d+ de \d+/);
  }

  languageSwitch(name: 'English' | 'Español'): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  taxClassification(name: TaxClassification): Locator {
    return this.root.getByRole('radio', { name });
  }

  certificatePath(path: CertificatePath): Locator {
    return this.root.getByRole('radio', {
      name: path === 'generate' ? 'Generar la clave y el pedido por mí' : 'Ya tengo un certificado y su clave',
    });
  }

  async fillCompany(company: CompanyForm) {
    if (company.legalName !== undefined) await this.legalName.fill(company.legalName);
    if (company.fiscalAddress !== undefined) await this.fiscalAddress.fill(company.fiscalAddress);
    if (company.activityCode !== undefined) await this.activityCode.fill(company.activityCode);
    if (company.taxClassification) await this.taxClassification(company.taxClassification).check();
  }

  /** Company data confirmed, then on to the path step. */
  async confirmCompany(company: CompanyForm) {
    await this.fillCompany(company);
    await this.next.click();
    await this.heading(STEP_HEADINGS.path).waitFor();
  }

  async choosePath(path: CertificatePath) {
    await this.certificatePath(path).check();
    await this.next.click();
  }

  /** The alias we made, as shown in its code block beside «Copiar alias». */
  aliasShown(): Locator {
    return this.root.getByRole('listitem').filter({ has: this.copyAlias }).getByRole('code');
  }

  fileInput(field: 'certificate' | 'key'): Locator {
    return field === 'certificate' ? this.certificateFile : this.keyFile;
  }

  /** Picks a file through the file chooser (as the «Elegir archivo» button opens it). */
  async chooseFile(field: 'certificate' | 'key', file: PickedFile) {
    const buffer = typeof file.contents === 'string' ? Buffer.from(file.contents, 'utf8') : file.contents;
    await this.fileInput(field).setInputFiles({ name: file.name, mimeType: 'application/octet-stream', buffer });
  }

  /** Drags a file from the desktop onto a field's drop zone (the certificate's comes first, the key's second). */
  async dropFile(field: 'certificate' | 'key', file: PickedFile) {
    const zone = this.root
      .getByText('Arrastre el archivo aquí o elíjalo de su equipo.')
      .nth(field === 'certificate' ? 0 : 1);
    const base64 = Buffer.from(file.contents).toString('base64');
    const dataTransfer = await zone.evaluateHandle(
      (_, { name, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name));
        return transfer;
      },
      { name: file.name, base64 },
    );
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
  }

  /** «Prefiero pegar el texto» of a field: the certificate's comes first, the key's second. */
  pasteToggle(field: 'certificate' | 'key'): Locator {
    return this.root.getByRole('button', { name: 'Prefiero pegar el texto' }).nth(field === 'certificate' ? 0 : 1);
  }

  async pasteText(field: 'certificate' | 'key', text: string) {
    const box = field === 'certificate' ? this.certificateText : this.keyText;
    if (!(await box.isVisible())) await this.pasteToggle(field).click();
    await box.fill(text);
  }

  /** The control an upload error is shown on: the file input (or the password). */
  uploadField(field: UploadField): Locator {
    return field === 'password' ? this.password : this.fileInput(field);
  }

  /** A point of sale of the list, by number ("00005"). */
  pointOfSale(number: number): Locator {
    return this.root.getByRole('listitem').filter({ hasText: `Número ${String(number).padStart(5, '0')}` });
  }

  /** A value of the done step's (or the registered page's) summary, by its term. */
  summaryValue(term: string): Locator {
    return this.root.locator(`dt:text-is("${term}") + dd`);
  }
}
