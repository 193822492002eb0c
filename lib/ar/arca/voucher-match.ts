// Whether the voucher the authority holds under a number is the one we sent with it: every element of the
// detail the authority returns (FECompConsultar's ResultGet) is compared with ours, amounts as numbers and
// lists item by item. Two final-consumer invoices of one day and one total differ in nothing the receiver,
// date and total show; they differ in their number, and the caller asks by number: this checks the rest.
import { Decimal } from 'decimal.js';
import { DETAIL_ARRAYS, DETAIL_FIELDS, type DetailArray } from '@/lib/ar/arca/wsfe-detail-order';

/** The elements whose values differ, as `Element: ours ≠ theirs` (empty when the voucher is ours). */
export function voucherDifferences(ours: object, theirs: Record<string, unknown>): string[] {
  const mine = ours as Record<string, unknown>;
  const differences: string[] = [];
  for (const field of DETAIL_FIELDS) {
    if (field in DETAIL_ARRAYS) {
      const { item, fields } = DETAIL_ARRAYS[field as DetailArray];
      const wanted = listOf(mine[field], item);
      const held = listOf(theirs[field], item);
      // A list the authority does not show is not compared; one it shows must be ours, item by item.
      if (theirs[field] === undefined) continue;
      if (wanted.length !== held.length) {
        differences.push(`${field}: ${wanted.length} items ≠ ${held.length}`);
        continue;
      }
      wanted.forEach((value, at) => {
        for (const name of fields) {
          if (!sameValue(value[name], held[at]![name])) {
            differences.push(`${field}.${at}.${name}: ${text(value[name])} ≠ ${text(held[at]![name])}`);
          }
        }
      });
      continue;
    }
    if (isAbsent(theirs[field])) continue; // not shown by the authority: nothing to compare
    if (!sameValue(mine[field], theirs[field])) {
      differences.push(`${field}: ${text(mine[field])} ≠ ${text(theirs[field])}`);
    }
  }
  return differences;
}

type Item = Record<string, unknown>;

/** A detail's list (`{ AlicIva: [...] }`, or as parsed from XML, one item or several) as its items. */
function listOf(wrapper: unknown, item: string): Item[] {
  if (!wrapper || typeof wrapper !== 'object') return [];
  const items = (wrapper as Record<string, unknown>)[item];
  if (items === undefined || items === null || items === '') return [];
  return (Array.isArray(items) ? items : [items]) as Item[];
}

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Equal as numbers when both are numbers (2 and "2.00"), else as text; groups (PeriodoAsoc) element by
 * element; absent on both sides is equal.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (isAbsent(a) && isAbsent(b)) return true;
  if (isAbsent(a) || isAbsent(b)) return false;
  if (typeof a === 'object' || typeof b === 'object') {
    if (typeof a !== 'object' || typeof b !== 'object') return false;
    const keys = new Set([...Object.keys(a as Item), ...Object.keys(b as Item)]);
    return [...keys].every((key) => sameValue((a as Item)[key], (b as Item)[key]));
  }
  const left = String(a).trim();
  const right = String(b).trim();
  if (NUMBER.test(left) && NUMBER.test(right)) return new Decimal(left).equals(right);
  return left === right;
}

const text = (value: unknown) =>
  isAbsent(value) ? '(none)' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * The same question for a voucher of WSFEX or WSCT, whose look-ups answer the request's own elements: every
 * element of ours the authority shows (names compared without case: WSFEX answers `Cbte_tipo` for the
 * request's `Cbte_Tipo`), lists item by item (one item as parsed from XML is a list of one). Elements the
 * authority adds (its CAE, dates) or leaves out are not compared.
 */
export function elementDifferences(ours: object, theirs: Record<string, unknown>, path = ''): string[] {
  const held = new Map(Object.entries(theirs).map(([name, value]) => [name.toLowerCase(), value]));
  const differences: string[] = [];
  for (const [name, value] of Object.entries(ours as Record<string, unknown>)) {
    const other = held.get(name.toLowerCase());
    const at = `${path}${name}`;
    if (other === undefined) continue;
    if (Array.isArray(value)) {
      const list = Array.isArray(other) ? other : isAbsent(other) ? [] : [other];
      if (list.length !== value.length) {
        differences.push(`${at}: ${value.length} items ≠ ${list.length}`);
        continue;
      }
      value.forEach((item, index) => {
        const theirsItem = list[index];
        if (item && typeof item === 'object' && theirsItem && typeof theirsItem === 'object')
          differences.push(...elementDifferences(item, theirsItem as Item, `${at}.${index}.`));
        else if (!sameValue(item, theirsItem)) differences.push(`${at}.${index}: ${text(item)} ≠ ${text(theirsItem)}`);
      });
      continue;
    }
    if (value && typeof value === 'object') {
      if (other && typeof other === 'object' && !Array.isArray(other))
        differences.push(...elementDifferences(value, other as Item, `${at}.`));
      else if (!isAbsent(other)) differences.push(`${at}: ${text(value)} ≠ ${text(other)}`);
      continue;
    }
    if (!sameValue(value, other)) differences.push(`${at}: ${text(value)} ≠ ${text(other)}`);
  }
  return differences;
}
