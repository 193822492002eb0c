// The wizard's steps and what a supplier may still owe, as plain constants: the browser's step rules
// import them without zod (which would weigh on the page's first load).
export const WIZARD_STEPS = ['company', 'path', 'portal', 'authorize', 'upload', 'points_of_sale', 'done'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What a supplier may still owe before invoicing, in the order the wizard asks for it. */
export const PENDING_ITEMS = ['company', 'certificate', 'service_authorization', 'point_of_sale'] as const;
export type PendingItem = (typeof PENDING_ITEMS)[number];
