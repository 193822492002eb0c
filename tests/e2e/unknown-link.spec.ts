// A registration link nobody issued: the real 404 page, with a 404 status.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { saveScreenshot } from '@/tests/e2e/support/artefacts';

test('an unknown registration link shows the not-found page with status 404', async ({ page }, testInfo) => {
  const ref = randomBytes(20).toString('base64url');
  expect(ref).toHaveLength(27);
  const response = await page.goto(`/reg/${ref}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  // Issue 31: no "home" for a supplier: our home page is the developers' landing page.
  await expect(page.getByRole('link')).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'unknown-link');
});

test('another unknown page keeps its link home (issue 31)', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
});
