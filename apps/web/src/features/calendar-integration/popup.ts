// The invitation pages may be opened in a popup by the page that invited the professional (spec 001 §2): then they
// close themselves instead of leading somewhere.

/** Whether this window was opened by another one that is still there. */
export function isPopup(): boolean {
  try {
    return window.opener !== null && window.opener !== undefined && !window.opener.closed;
  } catch {
    // A cross-origin opener may refuse even this: it exists, so this is a popup.
    return true;
  }
}

/** Closes the popup; in a tab, goes to the home page. */
export function closeOrGoHome(goHome: () => void): void {
  if (isPopup()) window.close();
  else goHome();
}
