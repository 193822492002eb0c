'use client';
// The key's password, asked only when the key is encrypted. It goes with the upload and is never
// kept in the browser.
import { useMessages } from '@/components/i18n/locale-context';
import { TextField } from '@/components/wizard/form/text-field';

export function KeyPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const t = useMessages();
  return (
    <TextField
      id="upload-password"
      type="password"
      label={t.upload.password}
      hint={t.upload.passwordHint}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
