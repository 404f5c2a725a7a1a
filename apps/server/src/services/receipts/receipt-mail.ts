/**
 * The receipt e-mail after a payment: queued by fulfilment in the transaction that makes the payment
 * succeeded (so it is sent exactly when, and once, the payment is), through the mail port's queue.
 */
import type { Database } from '@lectio/db';
import { paymentReceiptMail } from '../../mail/templates';
import type { ServiceContext } from '../context';
import { enqueueMail } from '../mail/enqueue-mail';
import { readReceiptFacts, receiptLines } from './receipt';

export async function queueReceiptMail(tx: Database, ctx: ServiceContext, paymentId: string): Promise<void> {
  const facts = await readReceiptFacts(tx, paymentId);
  if (!facts) throw new Error(`receipt of payment ${paymentId}: the payment is not succeeded`);
  const receipts = ctx.config.receipts;
  await enqueueMail(
    ctx,
    {
      ...paymentReceiptMail({
        name: facts.buyerName,
        sellerName: receipts.sellerName,
        courseTitle: facts.courseTitle ?? 'your course',
        // The buyer's own name and address head the letter already.
        lines: receiptLines(facts, receipts).filter(([label]) => label !== 'Receipt for'),
        publicUrl: ctx.config.publicUrl,
      }),
      to: facts.buyerEmail,
    },
    tx,
  );
}
