/**
 * Saving a payment's PDF receipt (commerce-and-account-data.md §3 "Payment history item": a pdf
 * link only when the status is succeeded). The platform answers the receipt only with the bearer
 * header (docs/sandbox.md `GET /api/v2/customer/payments/:id/receipt.pdf`), which a plain link
 * cannot send: core fetches it (`queries.payments.receipt(url)`, the client's `download`, the
 * token in the `Authorization` header, never in the URL) and this module saves it through an
 * object URL.
 */

/** The file name a receipt is saved under: `receipt-<id>.pdf` (unsafe characters replaced). */
export function receiptFileName(paymentId: string): string {
  const safe = paymentId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  return `receipt-${safe || 'payment'}.pdf`;
}

/**
 * Saves `blob` as a download named `fileName` through a temporary object URL and `<a download>`
 * (the browser's own download; the URL is released afterwards). Browser only.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started from the click; the object URL is released once it no longer matters.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
