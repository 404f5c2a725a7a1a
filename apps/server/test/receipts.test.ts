/**
 * Receipts (issue 14, item 5): the e-mail queued once when a payment succeeds, and the PDF of
 * GET /purchases/{paymentId}/receipt for the buyer or an admin (read back with unpdf, as a person's PDF
 * reader would see it): seller, course, instructor, amount, the tax included when configured, refunds, and
 * the payment id.
 */
import { mailMessages } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signIn } from './helpers/catalogue';
import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';
import { buyWithTestCard } from './helpers/test-card';

let t: TestApp;
let admin: SignedInUser;
let instructor: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({
    SELLER_NAME: 'Lectio Learning Pvt Ltd',
    SELLER_ADDRESS: '12 MG Road, Bengaluru 560001',
    SELLER_TAX_ID: '29ABCDE1234F1Z5',
    TAX_RATE_PERCENT: '18',
    TAX_LABEL: 'GST',
  });
  admin = await signIn(t, 'admin');
  instructor = await signIn(t, 'instructor', { name: 'Priya Instructor' });
});
afterAll(async () => {
  await t.close();
});

async function buy(title: string, priceMinor: number) {
  const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor, title });
  await createLecture(t.db, { courseId: course.id });
  const buyer = await signIn(t, 'student', { name: 'Ravi Buyer' });
  const { intent, payment } = await buyWithTestCard(t, course.id, buyer);
  return { buyer, course, payment, intent };
}

describe('the receipt e-mail', () => {
  it('is queued once when the payment succeeds, with the receipt’s lines and the way to Purchases', async () => {
    const { buyer, payment, intent } = await buy('Receipts for Everyone', 49_900);
    // The buyer's confirmation arriving again changes nothing.
    await api.post(t, '/payment/confirm-payment', { paymentIntentId: intent.paymentIntentId }, buyer);
    const sent = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, buyer.user.email), eq(mailMessages.template, 'payment_receipt')));
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.subject).toBe('Your receipt for Receipts for Everyone');
    expect(mail?.text).toContain('Hello Ravi Buyer,');
    expect(mail?.text).toContain('Amount paid: INR 499.00');
    // 18% included in 499.00 is 76.12.
    expect(mail?.text).toContain('GST included (18%): INR 76.12');
    expect(mail?.text).toContain(`Payment id: ${intent.paymentIntentId}`);
    expect(mail?.text).toContain('Instructor: Priya Instructor');
    expect(mail?.text).toContain(`${t.config.publicUrl}/dashboard/purchases`);
    expect(mail?.html).toContain('Receipts for Everyone');
    expect(payment.status).toBe('succeeded');
  });

  it('is not sent for a free course', async () => {
    const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor: 0 });
    await createLecture(t.db, { courseId: course.id });
    const student = await signIn(t, 'student');
    const enrolled = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, student);
    expect(enrolled.json()).toMatchObject({ enrolled: true });
    const sent = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, student.user.email));
    expect(sent.filter((message) => message.template === 'payment_receipt')).toEqual([]);
  });
});

describe('GET /purchases/{paymentId}/receipt', () => {
  it('gives the buyer a PDF with the seller, the course, the amount, the tax included and the payment id', async () => {
    const { buyer, payment, intent } = await buy('Data Pipelines in Practice', 49_900);
    const response = await api.get(t, `/purchases/${payment.id}/receipt`, buyer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="receipt-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Lectio Learning Pvt Ltd',
      '12 MG Road, Bengaluru 560001',
      'Tax id: 29ABCDE1234F1Z5',
      'Receipt',
      'Ravi Buyer',
      'Data Pipelines in Practice',
      'Priya Instructor',
      'Amount paid INR 499.00',
      'GST included (18%) INR 76.12',
      `Payment id ${intent.paymentIntentId}`,
      payment.id,
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Refunded');
  });

  it('shows what was refunded since', async () => {
    const { buyer, payment } = await buy('Refund Me Partly', 10_000);
    const refund = await api.post(
      t,
      '/refunds',
      { paymentId: payment.id, amount: 40, reason: 'Partly unhappy' },
      admin,
    );
    expect(refund.statusCode, refund.body).toBe(201);
    const text = await pdfText((await api.get(t, `/purchases/${payment.id}/receipt`, buyer)).rawPayload);
    expect(text).toContain('Amount paid INR 100.00');
    expect(text).toContain('Refunded INR 40.00');
  });

  it('is the buyer’s and the admin’s only: anyone else gets a 404, as for a payment that isn’t there', async () => {
    const { payment } = await buy('Private Receipts', 10_000);
    const other = await signIn(t, 'student');
    const snooping = await api.get(t, `/purchases/${payment.id}/receipt`, other);
    expect(snooping.statusCode).toBe(404);
    expect(snooping.json()).toEqual({ message: 'Payment not found', code: 'NOT_FOUND' });
    expect((await api.get(t, `/purchases/${payment.id}/receipt`, instructor)).statusCode).toBe(404);
    expect((await api.get(t, `/purchases/${payment.id}/receipt`, admin)).statusCode).toBe(200);
    expect((await api.get(t, `/purchases/${payment.id}/receipt`)).statusCode).toBe(401);
    expect((await api.get(t, '/purchases/not-a-payment/receipt', admin)).statusCode).toBe(404);
    expect((await api.get(t, `/purchases/${crypto.randomUUID()}/receipt`, admin)).statusCode).toBe(404);
  });
});
