/** "Download receipt" on a purchase: the receipt PDF (GET /api/v1/purchases/{paymentId}/receipt). */
import { fillPath } from '@lectio/contracts/operation';
import { RECEIPT_PDF_PATH } from '@lectio/contracts/receipts';
import { API_PREFIX } from '@lectio/contracts/rest-paths';
import { useState } from 'react';
import { downloadPdf } from '~/lib/download-pdf';
import { toast } from '~/lib/toast';
import { PURCHASES_TEXT } from './refund-text';

export function receiptUrl(paymentId: string): string {
  return `${API_PREFIX}${fillPath(RECEIPT_PDF_PATH, { paymentId })}`;
}

export function ReceiptButton({
  paymentId,
  title,
  className,
}: {
  paymentId: string;
  title: string;
  className: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadPdf(receiptUrl(paymentId), 'lectio-receipt.pdf');
    } catch {
      toast.error(PURCHASES_TEXT.receiptFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={busy}
      aria-label={PURCHASES_TEXT.receiptFor(title)}
      className={className}
    >
      {busy ? PURCHASES_TEXT.receiptDownloading : PURCHASES_TEXT.receipt}
    </button>
  );
}
