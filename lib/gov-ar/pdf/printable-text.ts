// Text as the PDF may lay it out in time that grows with its length, not faster. pdfkit breaks a word wider
// than its column by measuring ever shorter prefixes, and measures what is left again after each line: a
// 15 000-character word took seconds, a 36 000-character one ran the render out of memory. So a word longer
// than MAX_UNBROKEN gets a soft hyphen every MAX_UNBROKEN characters (invisible mid-line; pdfkit prints a
// hyphen where it breaks a line there), and no text is longer than what its cell can show anyway.

/** Far wider than any column at the invoice's sizes, so a real word is never touched; short enough that
 * pdfkit's own prefix search over one piece costs nothing. */
export const MAX_UNBROKEN = 40;

/** A description cell shows at most ~20 lines of ~80 narrow characters; the rest would be cut with an ellipsis. */
export const MAX_PRINTED_TEXT = 2_000;

const SOFT_HYPHEN = '\u00ad';
const LONG_WORD = new RegExp(`[^\\s${SOFT_HYPHEN}]{${MAX_UNBROKEN + 1},}`, 'gu');

/** The text with a break opportunity inside every word longer than MAX_UNBROKEN, in one pass. */
export function breakLongWords(text: string): string {
  return text.replace(LONG_WORD, (word) => {
    // By code point, so a surrogate pair is never split.
    const characters = Array.from(word);
    const pieces: string[] = [];
    for (let at = 0; at < characters.length; at += MAX_UNBROKEN)
      pieces.push(characters.slice(at, at + MAX_UNBROKEN).join(''));
    return pieces.join(SOFT_HYPHEN);
  });
}

/** What the PDF prints of a text: at most `limit` characters (the last an ellipsis), long words breakable. */
export function printable(text: string, limit = MAX_PRINTED_TEXT): string {
  const bounded = text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
  return breakLongWords(bounded);
}
