/**
 * Receipts of purchases (issue 14, item 5): e-mailed after each payment, and downloadable as a PDF from
 * Purchases (the `purchases.receipt` HTTP route in http-routes.ts: bytes, not a procedure).
 */

/** GET: the receipt PDF of one payment, for its buyer or an admin. */
export const RECEIPT_PDF_PATH = '/purchases/{paymentId}/receipt';
