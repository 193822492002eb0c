// The integrator's console at /console, by what an integrator reads (English): the sign-in page, the
// shell around every signed-in page, configuration, the suppliers list, a supplier's page and the
// embedded wizard.
import type { FrameLocator, Locator, Page } from '@playwright/test';

export class ConsoleSignInPage {
  readonly heading: Locator;
  readonly apiKey: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Sign in to your workspace' });
    this.apiKey = page.getByLabel('Workspace API key');
    this.submit = page.getByRole('button', { name: 'Sign in' });
  }

  goto() {
    return this.page.goto('/console/sign-in');
  }

  async signIn(apiKey: string) {
    await this.apiKey.fill(apiKey);
    await this.submit.click();
  }
}

/** What every signed-in page has: the workspace, the navigation, the sign-out. */
export class ConsoleShell {
  readonly nav: Locator;
  readonly suppliersLink: Locator;
  readonly configurationLink: Locator;
  readonly invoicesLink: Locator;
  readonly signOut: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Console' });
    this.suppliersLink = this.nav.getByRole('link', { name: 'Suppliers' });
    this.invoicesLink = this.nav.getByRole('link', { name: 'Invoices' });
    this.configurationLink = this.nav.getByRole('link', { name: 'Configuration' });
    this.signOut = page.getByRole('button', { name: 'Sign out' });
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }
}

export interface WorkflowFormValues {
  name?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  origins?: string[];
}

export class ConsoleConfigurationPage extends ConsoleShell {
  readonly argentina: Locator;
  readonly connect: Locator;
  readonly workflowName: Locator;
  readonly webhookUrl: Locator;
  readonly webhookSecret: Locator;
  readonly origins: Locator;
  readonly createWorkflow: Locator;
  readonly secretShown: Locator;
  readonly copySecret: Locator;
  readonly secretStored: Locator;
  readonly workflows: Locator;

  constructor(page: Page) {
    super(page);
    this.argentina = page.getByRole('article', { name: /Argentina/ });
    this.connect = this.argentina.getByRole('button', { name: 'Connect' });
    this.workflowName = page.getByLabel('Name (optional)');
    this.webhookUrl = page.getByLabel('Webhook URL (optional)');
    this.webhookSecret = page.getByLabel('Webhook secret (optional)');
    this.origins = page.getByLabel('Allowed embedding origins (optional)');
    this.createWorkflow = page.getByRole('button', { name: 'Create workflow' });
    this.secretShown = page.getByLabel('Webhook signing secret');
    this.copySecret = page.getByRole('button', { name: 'Copy secret' });
    this.secretStored = page.getByRole('button', { name: 'I have stored it' });
    this.workflows = page.getByRole('list', { name: 'Registration workflows' });
  }

  async fillWorkflow(values: WorkflowFormValues) {
    if (values.name !== undefined) await this.workflowName.fill(values.name);
    if (values.webhookUrl !== undefined) await this.webhookUrl.fill(values.webhookUrl);
    if (values.webhookSecret !== undefined) await this.webhookSecret.fill(values.webhookSecret);
    if (values.origins !== undefined) await this.origins.fill(values.origins.join('\n'));
  }
}

export class ConsoleSuppliersPage extends ConsoleShell {
  readonly supplierName: Locator;
  readonly supplierCuit: Locator;
  readonly addSupplier: Locator;
  readonly list: Locator;
  readonly showMore: Locator;
  readonly searchText: Locator;
  readonly statusFilter: Locator;
  readonly search: Locator;
  readonly clearSearch: Locator;
  readonly searchOutcome: Locator;

  constructor(page: Page) {
    super(page);
    this.supplierName = page.getByLabel('Name', { exact: true });
    this.supplierCuit = page.getByLabel('CUIT', { exact: true });
    this.addSupplier = page.getByRole('button', { name: 'Add supplier' });
    this.list = page.getByRole('list', { name: 'Suppliers' });
    this.showMore = page.getByRole('button', { name: 'Show more suppliers' });
    const search = page.getByRole('search', { name: 'Suppliers' });
    this.searchText = search.getByLabel('Name or CUIT');
    this.statusFilter = search.getByLabel('Status');
    this.search = search.getByRole('button', { name: 'Search' });
    this.clearSearch = search.getByRole('button', { name: 'Clear' });
    this.searchOutcome = page
      .getByRole('region', { name: 'All suppliers' })
      .getByRole('status')
      .filter({ hasText: /./ })
      .first();
  }

  goto() {
    return this.page.goto('/console');
  }

  async add(name: string, cuit: string) {
    await this.supplierName.fill(name);
    await this.supplierCuit.fill(cuit);
    await this.addSupplier.click();
  }

  /** A supplier's card in the list, by its name. */
  supplier(name: string): SupplierCard {
    return new SupplierCard(this.list.getByRole('listitem', { name }));
  }
}

export class ConsoleInvoicesPage extends ConsoleShell {
  readonly table: Locator;

  constructor(page: Page) {
    super(page);
    this.table = page.getByRole('table', { name: 'Invoices' });
  }

  goto() {
    return this.page.goto('/console/invoices');
  }

  /** The invoice rows (the header row left out). */
  get rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader') });
  }

  /** An invoice's row by its voucher: `Invoice B 00001` before it is numbered, `Invoice B 00001-00000001` after. */
  invoice(heading: RegExp): InvoiceRow {
    return new InvoiceRow(this.rows.filter({ has: this.page.getByRole('rowheader', { name: heading }) }));
  }

  filter(label: string): Locator {
    return this.page.getByRole('search', { name: 'Invoices' }).getByLabel(label, { exact: true });
  }
}

/** The table's columns after the voucher (the row's header), in order. */
const INVOICE_COLUMNS = ['Supplier', 'Customer', 'Issue date', 'Total', 'Status', 'CAE', 'The authority and actions'];

export class InvoiceRow {
  readonly heading: Locator;
  readonly issue: Locator;
  readonly issueAgain: Locator;
  readonly correctIssueDate: Locator;
  readonly pdf: Locator;
  readonly errors: Locator;

  constructor(readonly root: Locator) {
    this.heading = root.getByRole('rowheader');
    this.issue = root.getByRole('button', { name: 'Issue', exact: true });
    this.issueAgain = root.getByRole('button', { name: 'Issue again' });
    this.correctIssueDate = root.getByRole('button', { name: 'Set the issue date to today and issue' });
    this.pdf = root.getByRole('link', { name: /^Download the PDF/ });
    this.errors = root.getByRole('list', { name: "The authority's errors" }).getByRole('listitem');
  }

  /** The row's cell under a column ("Supplier", "Status", "CAE", ...). */
  fact(column: string): Locator {
    const at = INVOICE_COLUMNS.indexOf(column);
    if (at < 0) throw new Error(`no column ${column}`);
    return this.root.getByRole('cell').nth(at);
  }

  message(): Locator {
    return this.root.getByRole('status').or(this.root.getByRole('alert')).filter({ hasText: /./ });
  }
}

export class SupplierCard {
  readonly link: Locator;
  readonly registrationLink: Locator;
  readonly copyLink: Locator;
  readonly startRegistration: Locator;
  readonly sendRenewal: Locator;

  constructor(readonly root: Locator) {
    this.link = root.getByRole('heading').getByRole('link');
    this.registrationLink = root.getByRole('code');
    this.copyLink = root.getByRole('button', { name: 'Copy link' });
    this.startRegistration = root.getByRole('button', { name: 'Start registration' });
    this.sendRenewal = root.getByRole('button', { name: 'Send renewal' });
  }

  /** The value beside a term of the card ("CUIT", "Status", "Certificate expires"). */
  fact(term: string): Locator {
    return this.root.locator(`dt:text-is("${term}") + dd`);
  }

  status(): Locator {
    return this.fact('Status');
  }

  message(): Locator {
    return this.root.getByRole('status').or(this.root.getByRole('alert')).filter({ hasText: /./ });
  }
}

export class ConsoleSupplierPage extends ConsoleShell {
  readonly registrationLink: Locator;
  readonly openEmbedded: Locator;
  readonly certificate: Locator;
  readonly jobs: Locator;
  readonly metaRecords: Locator;

  constructor(page: Page) {
    super(page);
    const linkSection = page.getByRole('region', { name: 'Registration link' });
    this.registrationLink = linkSection.getByRole('code');
    this.openEmbedded = linkSection.getByRole('link', { name: 'Open the embedded wizard' });
    this.certificate = page.getByRole('region', { name: 'Certificate' });
    this.jobs = page.getByRole('list', { name: 'Jobs' });
    this.metaRecords = page.getByRole('list', { name: 'Meta records' });
  }

  certificateFact(term: string): Locator {
    return this.certificate.locator(`dt:text-is("${term}") + dd`);
  }

  /** The newest job's card. */
  latestJob(): Locator {
    return this.jobs.getByRole('listitem').first();
  }

  /** A step of a job, by its name (`gov-ar.register`). */
  step(job: Locator, name: string): Locator {
    // Steps read in words; their technical name is kept on the element (data-step, and its title).
    return job
      .getByRole('list', { name: 'Steps' })
      .getByRole('listitem')
      .filter({ has: job.page().locator(`[data-step="${name}"]`) });
  }

  /** A webhook delivery of a job, by its event (`registration.link_created`). */
  webhook(job: Locator, event: string): Locator {
    return job
      .getByRole('list', { name: 'Webhooks' })
      .getByRole('listitem')
      .filter({ has: this.page.getByText(event, { exact: true }) })
      .first();
  }

  attempts(webhook: Locator): Locator {
    return webhook.getByRole('list', { name: 'Delivery attempts' }).getByRole('listitem');
  }
}

export class ConsoleEmbedPage extends ConsoleShell {
  readonly wizardFrame: FrameLocator;
  readonly iframe: Locator;
  readonly messages: Locator;

  constructor(page: Page) {
    super(page);
    this.iframe = page.getByTitle('Supplier registration wizard');
    this.wizardFrame = page.frameLocator('iframe[title="Supplier registration wizard"]');
    this.messages = page.getByRole('list', { name: 'Messages from the wizard' }).getByRole('listitem');
  }
}
