'use client';
// One file the supplier hands over (the certificate or the key): a drop zone with a file picker, or
// a box to paste its PEM text instead. The input's accessible name is exactly its label.
import { useId, useRef, useState, type DragEvent } from 'react';
import { fill } from '@/lib/i18n/locales';
import { useMessages } from '@/components/i18n/locale-context';
import { fieldError, smallButton } from '@/components/wizard/styles';

export interface FileChoice {
  file?: File;
  text: string;
}

interface FileFieldProps {
  /** The form part this is (also the id of its input, so an error can send focus there). */
  name: 'certificate' | 'key';
  label: string;
  pasteLabel: string;
  placeholder: string;
  value: FileChoice;
  onChange: (value: FileChoice) => void;
  error?: string;
}

export function FileField({ name, label, pasteLabel, placeholder, value, onChange, error }: FileFieldProps) {
  const t = useMessages();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [pasting, setPasting] = useState(value.text.length > 0);
  const errorId = error ? `${id}-error` : undefined;
  // Typed or pasted text: its problem is shown on the text area, where the supplier will fix it.
  const pasted = !value.file && value.text.trim() !== '';
  const textId = `upload-${name}-text`;
  const errorText = error && (
    <p id={errorId} className={fieldError}>
      {error}
    </p>
  );
  const input = useRef<HTMLInputElement>(null);
  const choose = (file: File | undefined) => {
    // Forget the picker's own selection too, or picking the same file again would not register.
    if (!file && input.current) input.current.value = '';
    onChange({ file, text: '' });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`rounded-xl border-2 border-dashed p-4 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-700 ${
          error && !pasted
            ? 'border-red-600 bg-red-50'
            : dragging
              ? 'border-sky-700 bg-sky-50'
              : 'border-slate-400 bg-white'
        }`}
      >
        <label id={`${id}-label`} htmlFor={`upload-${name}`} className="block text-base font-semibold text-slate-900">
          {label}
        </label>
        {/* Touch screens cannot drag a file in: there the hint only says to choose one. */}
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          <span className="pointer-coarse:hidden">{t.upload.dropHint}</span>
          <span className="hidden pointer-coarse:inline">{t.upload.chooseHint}</span>
        </p>
        <input
          id={`upload-${name}`}
          ref={input}
          type="file"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={[`${id}-hint`, !pasted && errorId].filter(Boolean).join(' ')}
          aria-invalid={error && !pasted ? true : undefined}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <label htmlFor={`upload-${name}`} aria-hidden="true" className={`${smallButton} cursor-pointer`}>
            {t.upload.choose}
          </label>
          {value.file && (
            <>
              <span className="min-w-0 break-all text-sm font-medium text-slate-800">
                {fill(t.upload.chosen, { name: value.file.name })}
              </span>
              <button type="button" className={smallButton} onClick={() => choose(undefined)}>
                {t.upload.remove}
              </button>
            </>
          )}
        </div>
      </div>
      {!pasted && errorText}
      <button
        type="button"
        aria-expanded={pasting}
        aria-controls={`${id}-paste`}
        onClick={() => setPasting(!pasting)}
        className="mt-2 min-h-11 text-sm font-medium text-sky-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-sky-700"
      >
        {t.upload.pasteToggle}
      </button>
      <div id={`${id}-paste`} hidden={!pasting}>
        <label htmlFor={textId} className="block text-sm font-medium text-slate-900">
          {pasteLabel}
        </label>
        <textarea
          id={textId}
          value={value.text}
          onChange={(event) => {
            if (input.current) input.current.value = '';
            onChange({ file: undefined, text: event.target.value });
          }}
          rows={5}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          placeholder={placeholder}
          aria-describedby={pasted ? errorId : undefined}
          aria-invalid={error && pasted ? true : undefined}
          className={`mt-1 block w-full rounded-lg border ${error && pasted ? 'border-red-600' : 'border-slate-400'} bg-white p-3 font-mono text-xs leading-5 focus:outline-2 focus:outline-sky-700`}
        />
        {pasted && errorText}
      </div>
    </div>
  );
}
