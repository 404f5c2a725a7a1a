/**
 * The payment.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const paymentExamples: NamespaceExamples<'payment'> = {
  createIntent: {
    input: { courseId: ids.course },
    output: {
      clientSecret: 'pi_test_3f2b8c1e6a4d_secret_9b1a2c5d',
      paymentIntentId: 'pi_test_3f2b8c1e6a4d',
      amount: 499,
      currency: 'INR',
      provider: 'test',
    },
  },
  confirm: {
    input: { paymentIntentId: 'pi_test_3f2b8c1e6a4d' },
    output: { message: 'Payment confirmed. You are enrolled.', purchasedCourses: [ids.course] },
  },
  testConfirmCard: {
    input: {
      paymentIntentId: 'pi_test_3f2b8c1e6a4d',
      clientSecret: 'pi_test_3f2b8c1e6a4d_secret_9b1a2c5d',
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    },
    output: { paymentIntentId: 'pi_test_3f2b8c1e6a4d', status: 'succeeded' },
  },
};
