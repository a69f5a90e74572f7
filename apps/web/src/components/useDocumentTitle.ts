import { useEffect } from 'react';

/** Sets the page title (the messaging app shows it in its top bar). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
