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
