// The integrator's console end to end, as an integrator uses it with a fresh workspace key: sign in,
// connect Argentina, create the registration workflow (webhook to a local receiver, embedding origins;
// the generated secret shown once and copied), add a supplier, start its registration and copy the link,
// follow the job's steps and webhook attempts, complete the registration in the embedded wizard, see it
// Registered with the certificate's expiry, send a renewal (a new link), and sign out. Every page is
// scanned with axe and kept as a screenshot.
import { X509Certificate } from 'node:crypto';
import { saveScreenshot } from '@/tests/e2e/support/artefacts';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, type WebhookReceiver } from '@/tests/support/webhook-receiver';
import {
  ConsoleConfigurationPage,
  ConsoleEmbedPage,
  ConsoleSignInPage,
  ConsoleSupplierPage,
  ConsoleSuppliersPage,
} from '@/tests/e2e/pages/console';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { authorizeService, issueCertificate } from '@/tests/e2e/support/arca-portal';
import { createBareWorkspace, newCuit, requestCsr, saveProgress } from '@/tests/e2e/support/integrator';
import { checkpoint, writtenCuit } from '@/tests/e2e/support/wizard-checks';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

test.afterAll(async () => {
  await receiver?.close();
});

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The certificate's last day as the console writes dates (UTC). */
const consoleDate = (certificatePem: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(new X509Certificate(certificatePem).validTo));

test('an integrator sets up Argentina, registers a supplier through the embedded wizard and renews it', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const workspace = await createBareWorkspace({ name: 'Distribuidora Consola S.A.' });
  const signIn = new ConsoleSignInPage(page);
  const configuration = new ConsoleConfigurationPage(page);
  const suppliers = new ConsoleSuppliersPage(page);
  const supplierPage = new ConsoleSupplierPage(page);
  const supplierName = 'Ferretería La Consola S.R.L.';
  const cuit = newCuit();

  await test.step('signed out, the console shows its sign-in page; the key opens it', async () => {
    await page.goto('/console');
    await expect(page).toHaveURL(/\/console\/sign-in$/);
    await expect(signIn.heading).toBeVisible();
    await checkpoint(page, testInfo, 'console-01-sign-in');
    await signIn.signIn(workspace.apiKey);
    await expect(suppliers.heading('Suppliers')).toBeVisible();
    await expect(page).toHaveURL(/\/console$/);
    await expect(page.getByText('Distribuidora Consola S.A.')).toBeVisible();
    // The key lives in the httpOnly cookie only: never in the page, never readable by its scripts.
    expect(await page.content()).not.toContain(workspace.apiKey);
    expect(await page.evaluate(() => document.cookie)).not.toContain(workspace.apiKey);
  });

  await test.step('Configuration › Apps › Argentina › Connect', async () => {
    await suppliers.configurationLink.click();
    await expect(configuration.heading('Configuration')).toBeVisible();
    await expect(configuration.configurationLink).toHaveAttribute('aria-current', 'page');
    await expect(configuration.argentina).toContainText('Not connected.');
    await configuration.connect.click();
    await expect(configuration.argentina).toContainText('Connected since');
    await expect(configuration.connect).toHaveCount(0);
  });

  const secret = await test.step('a workflow with a webhook and embedding origins; its secret shown once', async () => {
    await configuration.fillWorkflow({
      name: 'Alta de proveedores',
      webhookUrl: receiver.url('/hooks/console'),
      origins: ['https://erp.example.com', 'erp.example.com/app'],
    });
    await configuration.createWorkflow.click();
    // The API's own schema, in the browser: the second line is no origin.
    await expect(configuration.origins).toHaveAttribute('aria-invalid', 'true');
    await expect(configuration.origins).toHaveAccessibleDescription(/"erp\.example\.com\/app": must be an origin/);
    await configuration.fillWorkflow({ origins: ['https://erp.example.com', 'HTTPS://Portal.Example.com/'] });
    await configuration.createWorkflow.click();

    await expect(page.getByRole('heading', { name: /Webhook secret of “Alta de proveedores”/ })).toBeFocused();
    const shown = await configuration.secretShown.inputValue();
    expect(shown).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await configuration.copySecret.click();
    await expect(page.getByText('Copied')).toBeVisible();
    expect(await clipboard(page)).toBe(shown);
    await checkpoint(page, testInfo, 'console-02-configuration');

    await configuration.secretStored.click();
    await expect(configuration.secretShown).toHaveCount(0);
    const listed = configuration.workflows.getByRole('listitem').filter({ hasText: 'Alta de proveedores' });
    await expect(listed).toContainText(receiver.url('/hooks/console'));
    await expect(listed).toContainText('https://erp.example.com, https://portal.example.com');
    return shown;
  });

  const card = suppliers.supplier(supplierName);
  await test.step('add a supplier: a mistyped CUIT is refused on its field', async () => {
    await configuration.suppliersLink.click();
    await expect(suppliers.heading('Suppliers')).toBeVisible();
    await expect(page.getByText('Registrations use the workflow Alta de proveedores')).toBeVisible();
    const mistyped = `${cuit.slice(0, 10)}${(Number(cuit[10]) + 1) % 10}`;
    await suppliers.add(supplierName, mistyped);
    await expect(suppliers.supplierCuit).toHaveAttribute('aria-invalid', 'true');
    await expect(suppliers.supplierCuit).toHaveAccessibleDescription(/check digit/);
    await suppliers.supplierCuit.fill(writtenCuit(cuit));
    await suppliers.addSupplier.click();
    await expect(card.root).toBeVisible();
    await expect(card.status()).toHaveText('Empty');
    await expect(card.fact('CUIT')).toHaveText(writtenCuit(cuit));
    await expect(card.fact('Certificate expires')).toHaveText('—');
  });

  const firstLink = await test.step('start its registration and copy the link', async () => {
    await card.startRegistration.click();
    await expect(card.message()).toHaveText('Registration started: the link appears in a moment.');
    await expect(card.status()).toHaveText('Processing');
    await expect(card.registrationLink).toHaveText(/\/reg\/[\w-]+$/);
    const link = (await card.registrationLink.textContent())!;
    await card.copyLink.click();
    expect(await clipboard(page)).toBe(link);
    await checkpoint(page, testInfo, 'console-03-suppliers');
    return link;
  });
  const ref = new URL(firstLink).pathname.split('/')[2]!;

  await test.step("the supplier page: the job's steps and the webhook with its attempts", async () => {
    await card.link.click();
    await expect(supplierPage.heading(supplierName)).toBeVisible();
    await expect(supplierPage.registrationLink).toHaveText(firstLink);
    const job = supplierPage.latestJob();
    await expect(supplierPage.step(job, 'gov-ar.register')).toContainText('completed');
    await expect(supplierPage.step(job, 'gov-ar.register')).toContainText(`Registration link ${firstLink}`);
    await expect(supplierPage.step(job, 'gov-ar.wait.authorization')).toContainText('waiting');
    const webhook = supplierPage.webhook(job, 'registration.link_created');
    await expect(webhook).toContainText('delivered');
    await expect(webhook).toContainText(receiver.url('/hooks/console'));
    await expect(supplierPage.attempts(webhook).first()).toContainText('HTTP 200');
    await expect(supplierPage.attempts(webhook).first()).toContainText(/\d+ ms/);
    await checkpoint(page, testInfo, 'console-04-supplier');

    // The secret the console showed is the one the deliveries are signed with.
    const delivery = receiver.deliveries.find((d) => JSON.parse(d.body).event === 'registration.link_created');
    expect(delivery).toBeDefined();
    const verified = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as {
      data: { meta: { ref: string }[] };
    };
    expect(verified.data.meta[0]!.ref).toBe(ref);
  });

  const certificate = await test.step('the supplier completes the registration in the embedded wizard', async () => {
    // The supplier's earlier visits: company data confirmed, the request made, the authority's part done.
    const { alias, csr } = await requestCsr(ref);
    await saveProgress(ref, {
      step: 'upload',
      path: 'generate',
      company: {
        legal_name: supplierName,
        fiscal_address: 'Belgrano 1450, Rosario',
        activity_code: '466932',
        tax_classification: 'responsable_inscripto',
      },
    });
    const issued = await issueCertificate('sandbox', alias, csr);
    await authorizeService('sandbox', cuit, alias, 'wsfe');

    await supplierPage.openEmbedded.click();
    const embed = new ConsoleEmbedPage(page);
    await expect(embed.heading('Registration wizard, embedded')).toBeVisible();
    const wizard = new RegistrationWizardPage(page, embed.wizardFrame);
    await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
    await expect(embed.wizardFrame.getByRole('banner')).toHaveCount(0);
    await expect(embed.messages.filter({ hasText: 'step' }).first()).toContainText('status Processing');
    await checkpoint(page, testInfo, 'console-05-embedded');

    await wizard.chooseFile('certificate', { name: 'certificado.crt', contents: issued });
    await wizard.submitUpload.click();
    await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
    await expect(embed.messages.filter({ hasText: 'completed' })).toContainText('status Registered');
    // Issue 31: the frame takes the wizard's height from its messages: no fixed height, no inner scrollbar.
    const wizardPage = embed.wizardFrame.locator('html');
    const wizardShell = embed.wizardFrame.locator('[data-registration-page]');
    const frameElement = page.getByTitle('Supplier registration wizard');
    await expect
      .poll(async () => {
        const [inner, shell, box] = await Promise.all([
          wizardPage.evaluate((html) => ({ scroll: html.scrollHeight, client: html.clientHeight })),
          wizardShell.evaluate((element) => Math.ceil(element.getBoundingClientRect().height)),
          frameElement.boundingBox(),
        ]);
        return inner.scroll <= inner.client && Math.abs((box?.height ?? 0) - shell) <= 1;
      })
      .toBe(true);
    await expect(embed.messages.filter({ hasText: 'step' }).first()).toContainText(/still to do|nothing pending/);
    await saveScreenshot(page, testInfo, 'console-embedded-fitted');
    return issued;
  });

  await test.step("Registered, with the certificate's expiry, on the supplier page and in the list", async () => {
    await page.getByRole('link', { name: `← ${supplierName}` }).click();
    await expect(page.getByText('Registered', { exact: true }).first()).toBeVisible();
    await expect(supplierPage.certificateFact('Expires')).toContainText(consoleDate(certificate));
    const job = supplierPage.latestJob();
    await expect(supplierPage.step(job, 'silo.status.registered')).toContainText('completed');
    await expect(supplierPage.metaRecords).toContainText('certificate');
    // The link is used: not offered to copy again, on the supplier's page nor in the list.
    await expect(page.getByRole('region', { name: 'Registration link' })).toContainText(
      'The supplier has used this link. Send a renewal to make a new one.',
    );
    await expect(supplierPage.registrationLink).toHaveCount(0);

    await supplierPage.suppliersLink.click();
    await expect(card.status()).toHaveText('Registered');
    await expect(card.registrationLink).toHaveCount(0);
    await expect(card.copyLink).toHaveCount(0);
    await expect(card.fact('Certificate expires')).toContainText(consoleDate(certificate));
    await expect(card.fact('Certificate expires')).toContainText('valid');
  });

  await test.step('send a renewal: a new link', async () => {
    await card.sendRenewal.click();
    await expect(card.message()).toHaveText('Renewal started: a new link appears in a moment.');
    await expect(card.registrationLink).not.toHaveText(firstLink);
    await expect(card.registrationLink).toHaveText(/\/reg\/[\w-]+$/);
  });

  await test.step('sign out: back to the sign-in page, and the console stays closed', async () => {
    await suppliers.signOut.click();
    await expect(signIn.heading).toBeVisible();
    await expect(page).toHaveURL(/\/console\/sign-in$/);
    expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: 'console_session' }));
    await page.goto('/console/configuration');
    await expect(page).toHaveURL(/\/console\/sign-in$/);
  });
});
