// Screenshots and scan results kept as test artefacts (under test-results/e2e) and attached to the report.
import type { Page, TestInfo } from '@playwright/test';

export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  // Listed in the report where it lies (attach() would store a second copy).
  testInfo.attachments.push({ name, path, contentType: 'image/png' });
}
