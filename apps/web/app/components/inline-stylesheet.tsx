/**
 * The site's stylesheet inlined in the page head: no render-blocking CSS request before the
 * first paint (Lighthouse LCP budget, DESIGN section 8). The server provides the CSS text
 * (entry.server.tsx); in the browser the element keeps the text the server sent, so hydration
 * matches and nothing is downloaded again.
 */
import { createContext, useContext, useState } from 'react';

export const StylesheetContext = createContext<string | null>(null);

const ELEMENT_ID = 'app-stylesheet';

export function InlineStylesheet() {
  const fromServer = useContext(StylesheetContext);
  const [css] = useState(() => fromServer ?? (typeof document === 'undefined' ? '' : (document.getElementById(ELEMENT_ID)?.innerHTML ?? '')));
  return <style id={ELEMENT_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
