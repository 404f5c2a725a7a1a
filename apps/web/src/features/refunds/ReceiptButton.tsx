/** "Download receipt" on a purchase: the receipt PDF (GET /api/v1/purchases/{paymentId}/receipt). */
import { fillPath } from '@lectio/contracts/operation';
import { RECEIPT_PDF_PATH } from '@lectio/contracts/receipts';
import { API_PREFIX } from '@lectio/contracts/rest-paths';
import { DownloadButton } from '~/components/ui/DownloadButton';
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
  return (
    <DownloadButton
      url={receiptUrl(paymentId)}
      fileName="lectio-receipt.pdf"
      label={PURCHASES_TEXT.receipt}
      busyLabel={PURCHASES_TEXT.receiptDownloading}
      failedMessage={PURCHASES_TEXT.receiptFailed}
      accessibleName={PURCHASES_TEXT.receiptFor(title)}
      className={className}
    />
  );
}
