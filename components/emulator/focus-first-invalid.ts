'use client';
// After a refused submit, keyboard and screen-reader users land on the first field to correct.
import { useEffect, type RefObject } from 'react';
import type { PortalError } from './portal-request';

export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, error: PortalError | undefined) {
  useEffect(() => {
    if (error) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, error]);
}
