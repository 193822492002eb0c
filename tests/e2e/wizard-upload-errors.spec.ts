// Each way an upload goes wrong, as the supplier sees it: the message on the field to fix (certificate,
// key or password: aria-invalid, its accessible description, the focus) and read out by the wizard's
// live region; problems of the whole upload (an unauthorised service, the authority not answering) in a
// notice with the way out.
// Two links, one per path, are taken to the upload step through the service (as a returning supplier
// would have left them); every failed upload leaves the link usable, and a reload lands on the upload.
import { expect, test, type Page } from '@playwright/test';
import { encryptPkcs8, makeCa, makeCsr, makeLeaf, pkcs8Pem, testKey } from '@/tests/support/pki';
import {
  RegistrationWizardPage,
  STEP_HEADINGS,
  type PickedFile,
  type UploadField,
} from '@/tests/e2e/pages/registration-wizard';
import { authorizeService, emulatorCa, issueCertificate, revokeCertificate } from '@/tests/e2e/support/arca-portal';
import {
  createWorkspace,
  getEntry,
  newCuit,
  openRegistration,
  requestCsr,
  saveProgress,
  type CompanyData,
  type RegistrationLink,
  type Workspace,
} from '@/tests/e2e/support/integrator';
import { checkpoint, writtenCuit } from '@/tests/e2e/support/wizard-checks';

const COMPANY: CompanyData = {
  legal_name: 'Distribuidora Los Andes S.A.',
  fiscal_address: 'Av. San Martín 1500, Mendoza',
  activity_code: '464100',
  tax_classification: 'responsable_inscripto',
};

interface UploadCase {
  code: string;
  /** The field the message belongs to; none for a problem of the whole upload. */
  field?: UploadField;
  message: RegExp;
  certificate?: PickedFile;
  /** The key file, for the bring-your-own path. */
  key?: PickedFile;
  /** A screenshot and an axe scan of the step with this error shown. */
  checkpoint?: string;
}

let workspace: Workspace;

test.beforeAll(async () => {
  workspace = await createWorkspace({ environment: 'sandbox' });
});

/** A link whose supplier left off on the upload step, having confirmed the company and chosen a path. */
async function linkAtUpload(
  path: 'generate' | 'own',
): Promise<RegistrationLink & { request?: { alias: string; csr: string } }> {
  const link = await openRegistration(workspace);
  const request = path === 'generate' ? await requestCsr(link.ref) : undefined;
  await saveProgress(link.ref, { step: 'upload', company: { ...COMPANY, legal_name: link.name }, path });
  return { ...link, request };
}

/** The message as printed on the page, not its copy in the (visually hidden) live region. */
const shownOnScreen = (page: Page, message: RegExp) => page.getByText(message).and(page.locator(':not([aria-live])'));

async function expectProblem(page: Page, wizard: RegistrationWizardPage, problem: UploadCase) {
  const fields: UploadField[] = [
    'certificate',
    ...((await wizard.keyFile.count()) ? ['key' as const] : []),
    ...((await wizard.password.count()) ? ['password' as const] : []),
  ];
  await expect(wizard.announcer).toHaveText(problem.message);
  if (problem.field) {
    const field = wizard.uploadField(problem.field);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(problem.message);
    await expect(field).toBeFocused();
    await expect(shownOnScreen(page, problem.message)).toBeVisible();
    await expect(wizard.uploadProblem).toHaveCount(0);
  } else {
    await expect(wizard.uploadProblem).toBeVisible();
    await expect(wizard.uploadProblem.locator('..')).toContainText(problem.message);
    await expect(shownOnScreen(page, problem.message)).toBeVisible();
  }
  for (const other of fields.filter((name) => name !== problem.field)) {
    await expect(wizard.uploadField(other), `${other} stays valid`).not.toHaveAttribute('aria-invalid');
  }
}

async function runCases(page: Page, wizard: RegistrationWizardPage, cases: UploadCase[]) {
  for (const problem of cases) {
    await test.step(`${problem.code} → ${problem.field ?? 'the whole upload'}`, async () => {
      if (problem.certificate) await wizard.chooseFile('certificate', problem.certificate);
      if (problem.key) await wizard.chooseFile('key', problem.key);
      if (problem.field === 'password') await expect(wizard.password).toBeVisible();
      await wizard.submitUpload.click();
      await expectProblem(page, wizard, problem);
      if (problem.checkpoint) await checkpoint(page, test.info(), problem.checkpoint);
    });
  }
}

test('with the request we generated: each certificate problem on the certificate field', async ({ page }) => {
  const link = await linkAtUpload('generate');
  const { alias, csr } = link.request!;
  const wrongEnvironment = await issueCertificate('live', alias, csr);
  const forAnotherKey = await issueCertificate(
    'sandbox',
    alias,
    makeCsr({ key: testKey('rsa', { slot: 'other' }), cuit: link.cuit, alias }).pem,
  );
  const certificate = await issueCertificate('sandbox', alias, csr);
  const wizard = new RegistrationWizardPage(page);

  await wizard.goto(link.path);
  await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();

  await runCases(page, wizard, [
    { code: 'certificate_missing', field: 'certificate', message: /Falta el certificado\./ },
    {
      code: 'certificate_unreadable',
      field: 'certificate',
      message: /No pudimos leer el certificado\./,
      certificate: { name: 'certificado.crt', contents: 'Esto no es un certificado.\n' },
    },
    {
      code: 'certificate_is_request',
      field: 'certificate',
      message: /Subió el pedido de certificado \(CSR\), no el certificado\./,
      certificate: { name: 'pedido.csr', contents: csr },
      checkpoint: 'errors-upload-certificate-is-request',
    },
    {
      code: 'certificate_wrong_environment',
      field: 'certificate',
      message: /Este certificado es de producción, pero esta alta es de homologación \(pruebas\)\./,
      certificate: { name: 'certificado-produccion.crt', contents: wrongEnvironment },
    },
    {
      code: 'key_mismatch',
      field: 'certificate',
      message: /Este certificado no fue emitido para el pedido \(CSR\) que le preparamos\./,
      certificate: { name: 'otro.crt', contents: forAnotherKey },
    },
    {
      code: 'service_not_authorized',
      message: /El certificado no está autorizado para el servicio wsfe \(Facturación Electrónica\)\./,
      certificate: { name: 'certificado.crt', contents: certificate },
      checkpoint: 'errors-upload-service-not-authorized',
    },
  ]);

  await test.step('the notice leads back to the authorisation step', async () => {
    await wizard.toAuthorize.click();
    await expect(wizard.heading(STEP_HEADINGS.authorize)).toBeVisible();
    await wizard.next.click();
    await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
  });

  await test.step('a reload keeps the link usable', async () => {
    await page.reload();
    await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
    await expect(wizard.certificateFile).not.toHaveAttribute('aria-invalid');
    expect((await getEntry(workspace, link.entryId)).status).toBe('Processing');
  });

  await test.step('authority_unavailable: «Reintentar» sends the same certificate again, and it registers', async () => {
    await authorizeService('sandbox', link.cuit, alias, 'wsfe');
    // The authority does not answer the first time: the service says so with a 503 and Retry-After.
    const attempts: string[] = [];
    await page.route('**/certificate', async (route) => {
      attempts.push(route.request().postData() ?? '');
      if (attempts.length > 1) return route.fallback();
      return route.fulfill({
        status: 503,
        headers: { 'retry-after': '30' },
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'authority_unavailable',
          message: 'The tax authority did not answer; try again in a few minutes.',
        }),
      });
    });
    await wizard.chooseFile('certificate', { name: 'certificado.crt', contents: certificate });
    await wizard.submitUpload.click();
    await expectProblem(page, wizard, {
      code: 'authority_unavailable',
      message: /ARCA no responde en este momento y no se guardó nada\./,
    });
    await expect(page.getByText('Puede reintentar en 30 segundos.')).toBeVisible();
    await wizard.retry.click();
    await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) {
      expect(attempt).toContain('filename="certificado.crt"');
      expect(attempt).toContain(certificate.trim());
    }
    expect((await getEntry(workspace, link.entryId)).status).toBe('Registered');
  });
});

test('with their own certificate and key: problems on the key, the password and the certificate', async ({ page }) => {
  const link = await linkAtUpload('own');
  const alias = `propio${link.cuit.slice(2, 10)}`;
  const key = testKey('rsa', { slot: 'leaf' });
  const certificate = await issueCertificate('sandbox', alias, makeCsr({ key, cuit: link.cuit, alias }).pem);
  const otherCuit = newCuit('20');
  const forAnotherCuit = await issueCertificate('sandbox', alias, makeCsr({ key, cuit: otherCuit, alias }).pem);
  const untrusted = makeLeaf({ ca: makeCa('lookalike-sandbox'), cuit: link.cuit, alias, key }).certificatePem;
  // The authority's own CA (the emulator's) signs what its portal would not issue.
  const ca = emulatorCa('sandbox');
  const day = 86_400_000;
  const ec = makeLeaf({ ca, cuit: link.cuit, alias, keyType: 'ec' });
  const weak = makeLeaf({ ca, cuit: link.cuit, alias, bits: 1024 });
  const expired = makeLeaf({
    ca,
    cuit: link.cuit,
    alias,
    key,
    notBefore: new Date(Date.now() - 3 * 365 * day),
    notAfter: new Date(Date.now() - day),
  });
  const notYetValid = makeLeaf({ ca, cuit: link.cuit, alias, key, notBefore: new Date(Date.now() + 30 * day) });
  const revoked = await issueCertificate('sandbox', alias, makeCsr({ key, cuit: link.cuit, alias }).pem);
  await revokeCertificate('sandbox', revoked);
  // Over the 64 KiB a part may have: a certificate with a long tail of padding.
  const oversized = `${certificate}${'#'.repeat(65 * 1024 - certificate.length)}`;
  const keyFile = (contents: string): PickedFile => ({ name: 'clave.key', contents });
  const wizard = new RegistrationWizardPage(page);

  await wizard.goto(link.path);
  await expect(wizard.heading(STEP_HEADINGS.uploadOwn)).toBeVisible();

  await runCases(page, wizard, [
    {
      code: 'key_missing',
      field: 'key',
      message: /Falta la clave privada\./,
      certificate: { name: 'certificado.crt', contents: certificate },
    },
    {
      code: 'key_unreadable',
      field: 'key',
      message: /No pudimos leer la clave privada\./,
      key: keyFile('no es una clave'),
    },
    {
      code: 'key_mismatch',
      field: 'key',
      message: /El certificado y la clave privada no se corresponden\./,
      key: keyFile(pkcs8Pem(testKey('rsa', { slot: 'other' }))),
      checkpoint: 'errors-upload-key-mismatch',
    },
    {
      code: 'key_password_required',
      field: 'password',
      message: /La clave privada está protegida con contraseña\./,
      key: keyFile(encryptPkcs8(key, 'secreto')),
      checkpoint: 'errors-upload-key-password-required',
    },
    {
      code: 'certificate_cuit_mismatch',
      field: 'certificate',
      message: new RegExp(`El certificado no pertenece a la CUIT ${writtenCuit(link.cuit)}\\.`),
      certificate: { name: 'otra-cuit.crt', contents: forAnotherCuit },
      key: keyFile(pkcs8Pem(key)),
    },
    {
      code: 'certificate_untrusted',
      field: 'certificate',
      message: /El certificado no fue emitido por ARCA para homologación \(pruebas\)\./,
      certificate: { name: 'autofirmado.crt', contents: untrusted },
    },
    {
      code: 'key_unsupported',
      field: 'key',
      message: /La clave privada no es RSA y ARCA solo acepta RSA\./,
      certificate: { name: 'certificado-ec.crt', contents: ec.certificatePem },
      key: keyFile(ec.keyPem),
    },
    {
      code: 'key_too_weak',
      field: 'key',
      message: /La clave RSA tiene menos de 2048 bits\./,
      certificate: { name: 'certificado-1024.crt', contents: weak.certificatePem },
      key: keyFile(weak.keyPem),
    },
    {
      code: 'certificate_expired',
      field: 'certificate',
      message: /El certificado está vencido\./,
      certificate: { name: 'vencido.crt', contents: expired.certificatePem },
      key: keyFile(pkcs8Pem(key)),
    },
    {
      code: 'certificate_not_yet_valid',
      field: 'certificate',
      message: /El certificado todavía no es válido: su fecha de inicio es futura\./,
      certificate: { name: 'futuro.crt', contents: notYetValid.certificatePem },
    },
    {
      code: 'certificate_revoked',
      field: 'certificate',
      message: /ARCA informa que este certificado fue revocado\./,
      certificate: { name: 'revocado.crt', contents: revoked },
    },
    {
      // The wizard checks the size before sending, with the same advice as the service's 413 (below).
      code: 'file_too_large',
      field: 'certificate',
      message: /El archivo supera los 64 KiB\./,
      certificate: { name: 'enorme.crt', contents: oversized },
    },
  ]);

  await test.step('file_too_large from the service (413): a pasted 65 KiB certificate, on the certificate field', async () => {
    await wizard.pasteText('certificate', oversized);
    const response = page.waitForResponse(
      (answer) => answer.url().endsWith('/certificate') && answer.request().method() === 'POST',
    );
    await wizard.submitUpload.click();
    expect((await response).status()).toBe(413);
    // Pasted text: the problem goes on the text area typed in (issue 17), not on the file picker.
    await expect(wizard.announcer).toHaveText(/El archivo supera los 64 KiB\./);
    await expect(wizard.certificateText).toHaveAttribute('aria-invalid', 'true');
    await expect(wizard.certificateText).toHaveAccessibleDescription(/El archivo supera los 64 KiB\./);
    await expect(wizard.certificateText).toBeFocused();
    await expect(wizard.certificateFile).not.toHaveAttribute('aria-invalid');
  });

  await test.step('the password field goes with the encrypted key', async () => {
    await expect(wizard.password).toHaveCount(0);
  });

  await test.step('a reload keeps the link usable', async () => {
    await page.reload();
    await expect(wizard.heading(STEP_HEADINGS.uploadOwn)).toBeVisible();
    expect((await getEntry(workspace, link.entryId)).status).toBe('Processing');
  });
});
