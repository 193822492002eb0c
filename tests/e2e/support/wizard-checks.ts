// What the wizard specs check the same way: a step's screenshot plus accessibility scan, the expiry
// date as the supplier reads it, the CUIT as it is written, and what the service kept of a link.
import { X509Certificate } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from '@/tests/e2e/support/accessibility';
import { saveScreenshot } from '@/tests/e2e/support/artefacts';

/** A step as a test artefact (screenshot) and with no serious or critical axe violations. */
export async function checkpoint(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await saveScreenshot(page, testInfo, name);
  await expectNoSeriousViolations(page, testInfo, name);
}

/** 30-71234567-1 */
export const writtenCuit = (cuit: string) => `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;

/** The certificate's last day, in words, on Argentina's calendar ("21 de noviembre de 2028"). */
export function expiryDate(certificatePem: string, locale: 'es-AR' | 'en' = 'es-AR'): string {
  const notAfter = new Date(new X509Certificate(certificatePem).validTo);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/Argentina/Buenos_Aires' }).format(
    notAfter,
  );
}

/** The document's width against the viewport's: no horizontal scrolling when scrollWidth <= clientWidth. */
export const pageWidths = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
