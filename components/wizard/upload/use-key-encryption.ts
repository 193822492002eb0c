'use client';
// Whether the chosen key is password-protected, read from its PEM text (both encrypted PKCS#8 and
// the legacy OpenSSL format say ENCRYPTED). A binary (DER) key is left to the server to tell.
import { useEffect, useState } from 'react';
import type { FileChoice } from '@/components/wizard/upload/file-field';

const looksEncrypted = (text: string) => text.includes('ENCRYPTED');

export function useKeyEncryption(key: FileChoice): boolean {
  const [fromFile, setFromFile] = useState(false);
  useEffect(() => {
    let current = true;
    if (!key.file) {
      setFromFile(false);
      return;
    }
    key.file
      .slice(0, 64 * 1024)
      .text()
      .then((text) => current && setFromFile(looksEncrypted(text)))
      .catch(() => current && setFromFile(false));
    return () => {
      current = false;
    };
  }, [key.file]);
  return key.file ? fromFile : looksEncrypted(key.text);
}
