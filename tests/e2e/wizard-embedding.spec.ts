// The wizard inside an integrator's iframe. The integrator's console is a page on another origin (a
// small server on another port): the workflow allows that origin, so the page's CSP frame-ancestors
// names it, `?embed=1` leaves our brand chrome out, and the wizard tells the parent about each step and
// the completion by postMessage.
import { expect, test, type Page } from '@playwright/test';
import { RegistrationWizardPage, STEP_HEADINGS } from '@/tests/e2e/pages/registration-wizard';
import { authorizeService, issueCertificate } from '@/tests/e2e/support/arca-portal';
import {
  createWorkflow,
  createWorkspace,
  openRegistration,
  requestCsr,
  saveProgress,
  type RegistrationLink,
  type Workspace,
} from '@/tests/e2e/support/integrator';
import { startIntegratorConsole, type IntegratorConsole } from '@/tests/e2e/support/integrator-console';
import { E2E_BASE_URL } from '@/tests/e2e/support/server';
import { checkpoint } from '@/tests/e2e/support/wizard-checks';

const WIZARD_ORIGIN = new URL(E2E_BASE_URL).origin;

interface Received {
  origin: string;
  data: { type?: string; event?: string; step?: string; ref?: string; status?: string; pending?: string[] };
}

let workspace: Workspace;
let integratorConsole: IntegratorConsole;

test.beforeAll(async () => {
  integratorConsole = await startIntegratorConsole();
  expect(integratorConsole.origin).not.toBe(WIZARD_ORIGIN);
  workspace = await createWorkspace({ environment: 'sandbox', allowedOrigins: [integratorConsole.origin] });
});

test.afterAll(async () => {
  await integratorConsole?.close();
});

/** The integrator's console with the link's wizard in its iframe. */
async function openConsole(page: Page, link: RegistrationLink) {
  const wizardResponse = page.waitForResponse((response) => response.url().startsWith(`${E2E_BASE_URL}${link.path}`));
  await page.goto(integratorConsole.pageUrl(`${E2E_BASE_URL}${link.path}?embed=1`));
  return { response: await wizardResponse, frame: page.frameLocator('iframe[title="Alta del proveedor"]') };
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);

test('embedded in an allowed origin: no brand chrome, step and completion messages to the parent', async ({
  page,
}, testInfo) => {
  // The supplier already did the authority's part and left off on the upload step.
  const link = await openRegistration(workspace);
  const { alias, csr } = await requestCsr(link.ref);
  await saveProgress(link.ref, {
    step: 'upload',
    path: 'generate',
    company: {
      legal_name: link.name,
      fiscal_address: 'Mitre 300, Salta',
      activity_code: '620100',
      tax_classification: 'responsable_inscripto',
    },
  });
  const certificate = await issueCertificate('sandbox', alias, csr);
  await authorizeService('sandbox', link.cuit, alias, 'wsfe');

  const { response, frame } = await openConsole(page, link);
  expect(response.headers()['content-security-policy']).toMatch(
    new RegExp(`frame-ancestors [^;]*${integratorConsole.origin.replace(/[.:/]/g, '\\$&')}`),
  );

  const wizard = new RegistrationWizardPage(page, frame);
  await expect(wizard.heading(STEP_HEADINGS.upload)).toBeVisible();
  await test.step('our chrome is left out; the supplier and the language switch stay', async () => {
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expect(frame.getByRole('contentinfo')).toHaveCount(0);
    await expect(frame.getByText('Alta para factura electrónica')).toHaveCount(0);
    await expect(wizard.supplierName).toHaveText(link.name);
    await expect(wizard.languageSwitch('English')).toBeVisible();
  });

  await test.step('the parent hears of the step shown, by name, and what is still pending', async () => {
    await expect
      .poll(() => received(page))
      .toContainEqual({
        origin: WIZARD_ORIGIN,
        data: {
          type: 'gov-ar.registration',
          event: 'step',
          step: 'upload',
          ref: link.ref,
          status: 'Processing',
          // The emulator's portal already shows the alias authorized: only the certificate is still owed.
          pending: ['certificate'],
          height: expect.any(Number),
        },
      });
  });
  await checkpoint(page, testInfo, 'embedded-upload');

  await test.step('and of the completion', async () => {
    await wizard.chooseFile('certificate', { name: 'certificado.crt', contents: certificate });
    await wizard.submitUpload.click();
    await expect(wizard.heading(STEP_HEADINGS.done)).toBeVisible();
    await expect
      .poll(() => received(page))
      .toContainEqual({
        origin: WIZARD_ORIGIN,
        data: {
          type: 'gov-ar.registration',
          event: 'completed',
          ref: link.ref,
          status: 'Registered',
          pending: [],
          height: expect.any(Number),
        },
      });
    await expect
      .poll(() => received(page))
      .toContainEqual({
        origin: WIZARD_ORIGIN,
        data: {
          type: 'gov-ar.registration',
          event: 'step',
          step: 'done',
          ref: link.ref,
          status: 'Registered',
          pending: [],
          height: expect.any(Number),
        },
      });
    // Issue 31: the page's height, told whenever it changes, so the host can size its frame to it.
    const wizardHeight = () =>
      frame.locator('[data-registration-page]').evaluate((shell) => Math.ceil(shell.getBoundingClientRect().height));
    await expect
      .poll(async () => (await received(page)).filter((message) => message.data.event === 'resize').at(-1)?.data)
      .toEqual({
        type: 'gov-ar.registration',
        event: 'resize',
        step: 'done',
        ref: link.ref,
        status: 'Registered',
        pending: [],
        height: await wizardHeight(),
      });
    const messages = await received(page);
    expect(
      messages.every((message) => message.origin === WIZARD_ORIGIN && message.data.type === 'gov-ar.registration'),
    ).toBe(true);
  });
});

test('a workflow that allows no other origin cannot be framed by the console', async ({ page }) => {
  const link = await openRegistration(workspace, { workflowId: await createWorkflow(workspace) });
  const { response } = await openConsole(page, link);
  expect(response.headers()['content-security-policy']?.split('; ')).toContain("frame-ancestors 'self'");
  // Chromium refuses to render it: the frame shows its own error page instead of the wizard.
  const childUrl = () =>
    page
      .frames()
      .find((frame) => frame !== page.mainFrame())
      ?.url();
  await expect.poll(childUrl).toBe('chrome-error://chromewebdata/');
  expect(await received(page)).toEqual([]);
});
