/**
 * GET /purchases/{paymentId}/receipt: a purchase's receipt as a PDF attachment, for its buyer or an admin
 * (the service answers 404 to anyone else). Made on request, never cached by shared caches: it names a
 * person.
 */

import { loadReceipt } from '../../services/receipts/receipt';
import { renderReceiptPdf } from '../../services/receipts/receipt-pdf';
import type { HttpHandlers } from '../types';

export const receiptHandlers: Pick<HttpHandlers, 'purchases.receipt'> = {
  async 'purchases.receipt'({ services, actor, params, reply }) {
    const facts = await loadReceipt(services, actor, params.paymentId);
    const pdf = await renderReceiptPdf({
      facts,
      receipts: services.config.receipts,
      publicUrl: services.config.publicUrl,
    });
    const day = facts.paidAt.toISOString().slice(0, 10);
    return reply
      .status(200)
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="receipt-${day}-${facts.paymentId.slice(0, 8)}.pdf"`,
      )
      .header('content-length', String(pdf.byteLength))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  },
};
