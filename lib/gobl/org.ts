// GOBL's shapes for who and what an invoice names (`org/party`, `org/address`, `org/email`, `org/telephone`,
// `org/identity`, `org/person`, `org/item`, `org/note`, `pay/*`), as zod schemas: every field GOBL types is
// checked for that type (a string where GOBL has a string), so what the store accepts is what the PDF and the
// mapping to the authority can read; fields GOBL does not define are kept as sent. Text is bounded: GOBL sets
// no length, but an invoice is printed, and a 100 000-character name would only cost memory.
import { z } from 'zod';
import { AMOUNT_PATTERN, PERCENTAGE_PATTERN } from '@/lib/gobl/num';

/** The longest text of each kind the store takes, in characters. */
export const TEXT_LIMITS = {
  /** Codes, keys, numbers, a line of an address. */
  short: 300,
  /** Names (of a party, a person, an item), labels, a URL, an e-mail address. */
  name: 1_000,
  /** Notes, descriptions, payment details: free text. */
  text: 5_000,
} as const;

const text = (limit: keyof typeof TEXT_LIMITS) =>
  z
    .string({ error: `must be text (a string) of at most ${TEXT_LIMITS[limit]} characters` })
    .max(TEXT_LIMITS[limit], `at most ${TEXT_LIMITS[limit]} characters`);

export const shortText = text('short');
export const nameText = text('name');
export const freeText = text('text');

export const amount = z
  .string({ error: 'an amount is a string of digits such as "100.00"' })
  .regex(AMOUNT_PATTERN, 'an amount is a string of digits such as "100.00" (at most 18 digits each side of the point)');
export const percentage = z
  .string({ error: 'a percentage is a string such as "21%"' })
  .regex(PERCENTAGE_PATTERN, 'a percentage is a string such as "21%" or "10.5%"');
export const extensions = z.record(
  shortText,
  z
    .string({ error: 'extension values are codes (strings)' })
    .max(TEXT_LIMITS.short, `at most ${TEXT_LIMITS.short} characters`),
);
export const isoDate = z.iso.date({ error: 'a date is YYYY-MM-DD' });
/** GOBL's `uuid.UUID`: any 8-4-4-4-12 hexadecimal form (GOBL's own examples carry non-RFC ones). */
export const goblUuid = z.guid({ error: 'a UUID such as "0190a3f0-0000-7000-8000-000000000001"' });
const meta = z.record(shortText, freeText);
const list = <T extends z.ZodType>(item: T) => z.array(item, { error: 'must be a list (an array)' });
const object = <T extends z.core.$ZodLooseShape>(shape: T) => z.looseObject(shape, { error: 'must be an object' });

const AddressSchema = object({
  uuid: goblUuid.optional(),
  label: nameText.optional(),
  po_box: shortText.optional(),
  num: shortText.optional(),
  block: shortText.optional(),
  floor: shortText.optional(),
  door: shortText.optional(),
  street: nameText.optional(),
  street_extra: nameText.optional(),
  locality: nameText.optional(),
  region: nameText.optional(),
  state: shortText.optional(),
  code: shortText.optional(),
  country: shortText.optional(),
  coords: object({
    lat: z.number({ error: 'a latitude is a number' }).optional(),
    lon: z.number({ error: 'a longitude is a number' }).optional(),
    w3w: shortText.optional(),
  }).optional(),
  meta: meta.optional(),
});

const EmailSchema = object({
  uuid: goblUuid.optional(),
  label: nameText.optional(),
  addr: nameText,
  meta: meta.optional(),
});
const TelephoneSchema = object({ uuid: goblUuid.optional(), label: nameText.optional(), num: shortText });
const WebsiteSchema = object({
  uuid: goblUuid.optional(),
  label: nameText.optional(),
  title: nameText.optional(),
  url: nameText,
});
const InboxSchema = object({
  uuid: goblUuid.optional(),
  key: shortText.optional(),
  role: shortText.optional(),
  label: nameText.optional(),
  scheme: shortText.optional(),
  code: nameText.optional(),
  url: nameText.optional(),
  email: nameText.optional(),
});

export const IdentitySchema = object({
  uuid: goblUuid.optional(),
  label: nameText.optional(),
  country: shortText.optional(),
  key: shortText.optional(),
  type: shortText.optional(),
  code: shortText.optional(),
  description: freeText.optional(),
  ext: extensions.optional(),
});

const PersonNameSchema = object({
  uuid: goblUuid.optional(),
  alias: nameText.optional(),
  prefix: shortText.optional(),
  given: nameText.optional(),
  middle: nameText.optional(),
  surname: nameText.optional(),
  surname2: nameText.optional(),
  suffix: shortText.optional(),
});

const PersonSchema = object({
  uuid: goblUuid.optional(),
  key: shortText.optional(),
  label: nameText.optional(),
  name: PersonNameSchema.optional(),
  role: nameText.optional(),
  identities: list(IdentitySchema).optional(),
  emails: list(EmailSchema).optional(),
  telephones: list(TelephoneSchema).optional(),
  addresses: list(AddressSchema).optional(),
  meta: meta.optional(),
});

const RegistrationSchema = object({
  uuid: goblUuid.optional(),
  label: nameText.optional(),
  capital: amount.optional(),
  currency: shortText.optional(),
  office: nameText.optional(),
  book: shortText.optional(),
  volume: shortText.optional(),
  sheet: shortText.optional(),
  section: shortText.optional(),
  page: shortText.optional(),
  entry: shortText.optional(),
  other: nameText.optional(),
});

const TaxIdentitySchema = object({
  uuid: goblUuid.optional(),
  country: shortText.optional(),
  code: shortText.optional(),
  scheme: shortText.optional(),
  type: shortText.optional(),
  zone: shortText.optional(),
});

/** GOBL's `org/party`: the supplier, the customer, a payee. */
export const PartySchema = object({
  $regime: shortText.optional(),
  uuid: goblUuid.optional(),
  label: nameText.optional(),
  name: nameText.optional(),
  alias: nameText.optional(),
  tax_id: TaxIdentitySchema.optional(),
  identities: list(IdentitySchema).optional(),
  people: list(PersonSchema).optional(),
  inboxes: list(InboxSchema).optional(),
  addresses: list(AddressSchema).optional(),
  emails: list(EmailSchema).optional(),
  websites: list(WebsiteSchema).optional(),
  telephones: list(TelephoneSchema).optional(),
  registration: RegistrationSchema.optional(),
  logos: list(object({})).optional(),
  ext: extensions.optional(),
  meta: meta.optional(),
});

/** GOBL's `org/item`: what a line sells. */
export const ItemSchema = object({
  uuid: goblUuid.optional(),
  ref: shortText.optional(),
  key: shortText.optional(),
  name: nameText.optional(),
  identities: list(IdentitySchema).optional(),
  description: freeText.optional(),
  price: amount.optional(),
  alt_prices: list(object({ currency: shortText, value: amount })).optional(),
  unit: shortText.optional(),
  currency: shortText.optional(),
  origin: shortText.optional(),
  ext: extensions.optional(),
  meta: meta.optional(),
});

/** GOBL's `org/note`: the invoice's and each line's notes. */
const NoteSchema = object({
  uuid: goblUuid.optional(),
  key: shortText.optional(),
  code: shortText.optional(),
  src: shortText.optional(),
  text: freeText,
  ext: extensions.optional(),
});
export const notes = list(NoteSchema);

const DueDateSchema = object({
  date: isoDate,
  notes: freeText.optional(),
  amount: amount.optional(),
  percent: percentage.optional(),
  currency: shortText.optional(),
});

const AdvanceSchema = object({
  uuid: goblUuid.optional(),
  key: shortText.optional(),
  date: isoDate.optional(),
  ref: shortText.optional(),
  description: freeText.optional(),
  amount: amount.optional(),
  percent: percentage.optional(),
  currency: shortText.optional(),
  taxes: list(object({ cat: shortText })).optional(),
  ext: extensions.optional(),
});

const InstructionsSchema = object({
  key: shortText.optional(),
  detail: freeText.optional(),
  ref: shortText.optional(),
  credit_transfer: list(
    object({
      iban: shortText.optional(),
      bic: shortText.optional(),
      number: shortText.optional(),
      name: nameText.optional(),
      branch: AddressSchema.optional(),
    }),
  ).optional(),
  card: object({ first6: shortText.optional(), last4: shortText.optional(), holder: nameText.optional() }).optional(),
  direct_debit: object({
    ref: shortText.optional(),
    creditor: shortText.optional(),
    account: shortText.optional(),
  }).optional(),
  online: list(object({ label: nameText.optional(), url: nameText })).optional(),
  notes: freeText.optional(),
  ext: extensions.optional(),
});

/** GOBL's `bill/PaymentDetails`. */
export const PaymentSchema = object({
  payee: PartySchema.optional(),
  terms: object({
    key: shortText.optional(),
    detail: freeText.optional(),
    due_dates: list(DueDateSchema).optional(),
    notes: freeText.optional(),
    ext: extensions.optional(),
  }).optional(),
  advances: list(AdvanceSchema).optional(),
  instructions: InstructionsSchema.optional(),
});

/** GOBL's envelope `head`: its uuid, the digest, and the stamps authorities left on the document. */
export const EnvelopeHeaderSchema = object({
  uuid: goblUuid.optional(),
  dig: object({ alg: shortText, val: shortText }).optional(),
  stamps: list(object({ prv: shortText, val: freeText })).optional(),
  tags: list(shortText).optional(),
  meta: meta.optional(),
  notes: freeText.optional(),
  draft: z.boolean({ error: 'draft is true or false' }).optional(),
});
