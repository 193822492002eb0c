'use client';
// A labelled text input with its hint and error, wired for screen readers (aria-describedby,
// aria-invalid). Every input of the wizard has a visible label.
import { useId, type ComponentProps } from 'react';
import { fieldError, fieldHint, fieldLabel, textInput } from '@/components/wizard/styles';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  hint?: string;
  error?: string;
}

export function TextField({ label, hint, error, id: givenId, ...input }: TextFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={fieldHint}>
          {hint}
        </p>
      )}
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-2 ${textInput}`}
      />
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
