// Getting into the console and what protects it: a wrong key is refused on its field and sets no
// cookie; the right one sets an httpOnly, SameSite=Strict cookie; a page of another origin cannot make
// the browser change anything with it (csrf_rejected); a stale session goes back to the sign-in page.
import { expect, test } from '@playwright/test';
import { ConsoleSignInPage, ConsoleSuppliersPage } from '@/tests/e2e/pages/console';
import { expectNoSeriousViolations } from '@/tests/e2e/support/accessibility';
import { createBareWorkspace, newCuit } from '@/tests/e2e/support/integrator';
import { startOtherOrigin } from '@/tests/e2e/support/other-origin';
import { E2E_BASE_URL } from '@/tests/e2e/support/server';

test('a wrong key is refused on its field; the right one opens the console with a cookie scripts cannot read', async ({
  page,
  context,
}, testInfo) => {
  const workspace = await createBareWorkspace({ name: 'Acceso S.A.' });
  const signIn = new ConsoleSignInPage(page);
  await signIn.goto();

  await signIn.submit.click();
  await expect(signIn.apiKey).toHaveAttribute('aria-invalid', 'true');
  await expect(signIn.apiKey).toHaveAccessibleDescription(/Enter the workspace API key/);

  await signIn.signIn(`${workspace.apiKey.slice(0, -4)}AAAA`);
  await expect(signIn.apiKey).toHaveAccessibleDescription(/This key does not open a workspace/);
  await expect(signIn.apiKey).toBeFocused();
  expect(await context.cookies()).toEqual([]);
  await expectNoSeriousViolations(page, testInfo, 'console-sign-in-refused');

  await signIn.signIn(workspace.apiKey);
  await expect(new ConsoleSuppliersPage(page).heading('Suppliers')).toBeVisible();
  const [cookie] = await context.cookies();
  expect(cookie).toMatchObject({
    name: 'console_session',
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: false,
  });
  expect(cookie!.value).not.toContain(workspace.apiKey.slice(8)); // a session id, never the key
  expect(await page.evaluate(() => document.cookie)).toBe('');

  // Signed in, the sign-in page sends the browser on to the console.
  await signIn.goto();
  await expect(page).toHaveURL(/\/console$/);
});

test("a page on another origin cannot use the console's cookie to change anything", async ({ page }) => {
  const workspace = await createBareWorkspace();
  const signIn = new ConsoleSignInPage(page);
  await signIn.goto();
  await signIn.signIn(workspace.apiKey);
  await expect(new ConsoleSuppliersPage(page).heading('Suppliers')).toBeVisible();

  // Another port of this host: the same site (so the SameSite cookie goes along), another origin.
  const attacker = await startOtherOrigin(`<!doctype html><html lang="en"><head><title>Other origin</title></head><body>
    <form method="post" action="${E2E_BASE_URL}/silo/v1/entries"><input type="hidden" name="folder" value="suppliers"><button>Send</button></form>
    </body></html>`);
  try {
    await page.goto(attacker.origin);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('csrf_rejected')).toBeVisible();
  } finally {
    await attacker.close();
  }

  // Nothing was stored, and the console itself still works.
  const list = await fetch(`${E2E_BASE_URL}/silo/v1/entries?folder=suppliers`, {
    headers: { authorization: `Bearer ${workspace.apiKey}` },
  });
  expect((await list.json()).list).toEqual([]);
  const suppliers = new ConsoleSuppliersPage(page);
  await suppliers.goto();
  await suppliers.add('Legítimo S.A.', newCuit());
  await expect(suppliers.supplier('Legítimo S.A.').root).toBeVisible();
});

test('a session that no longer opens a workspace goes back to the sign-in page', async ({ page, context }) => {
  await context.addCookies([
    {
      name: 'console_session',
      value: 'signed-out-expired-or-never-was',
      url: E2E_BASE_URL,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  await page.goto('/console/suppliers/01a1fde3-a0ed-778d-895f-158229237d34');
  await expect(new ConsoleSignInPage(page).heading).toBeVisible();
});
