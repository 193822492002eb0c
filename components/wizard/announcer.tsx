'use client';
// One live region for the whole wizard: errors and confirmations are read out as they appear. The
// region is in the page from the start, which screen readers need to notice later changes.
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

const AnnounceContext = createContext<(message: string) => void>(() => {});

export function Announcer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => {
    // Clearing first makes the same message be read again when it repeats.
    setMessage('');
    requestAnimationFrame(() => setMessage(text));
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="wizard-announcer">
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}

export const useAnnounce = () => useContext(AnnounceContext);
