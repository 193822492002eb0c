// An axe-core scan of the page as it is now: no serious or critical violations. The full list of
// violations (minor ones included) is attached to the report either way.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export async function expectNoSeriousViolations(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  await testInfo.attach(`${name}.axe.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target) })),
    `axe on ${name}`,
  ).toEqual([]);
}
