// The fonts the invoice is set in: Liberation Sans (SIL Open Font License, `fonts/LICENSE`), committed
// beside this file so nothing is downloaded at run time. Read from the repository at the working directory
// (vitest and `npm start` both run there; Next's server bundle does not carry data files) and parsed once
// per process: parsing a font takes longer than laying out a whole invoice.
import fs from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { processSingleton } from '@/lib/process-singleton';

const FONTS_DIR = path.join('lib', 'gov-ar', 'pdf', 'fonts');
const FILES = { regular: 'LiberationSans-Regular.ttf', bold: 'LiberationSans-Bold.ttf' } as const;

export type FontName = keyof typeof FILES;
export type InvoiceFonts = Record<FontName, fontkit.Font>;

const fonts = processSingleton('invoice-fonts', (): { loaded?: InvoiceFonts } => ({}));

function load(name: FontName): fontkit.Font {
  const file = path.join(process.cwd(), FONTS_DIR, FILES[name]);
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch (error) {
    throw new Error(`the invoice font ${file} cannot be read (is the working directory the app's root?)`, {
      cause: error,
    });
  }
  const font = fontkit.create(data);
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

export function invoiceFonts(): InvoiceFonts {
  fonts.loaded ??= { regular: load('regular'), bold: load('bold') };
  return fonts.loaded;
}
