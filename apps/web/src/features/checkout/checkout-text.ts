/**
 * Checkout wording the contracts leave to the web app: headings, labels and control names. Texts the spec
 * fixes (success, errors, the test-mode notice, card messages) are in PAYMENT_MESSAGES.
 */
export const CHECKOUT_TEXT = {
  title: 'Checkout',
  loading: 'Loading checkout...',
  orderSummary: 'Order summary',
  course: 'Course',
  price: 'Price',
  lectures: (count: number) => `${count} ${count === 1 ? 'lecture' : 'lectures'}`,
  instructor: (name: string) => `By ${name}`,
  paymentDetails: 'Payment details',
  testModeHint: 'Use 4242 4242 4242 4242 with any future expiry date and any CVC.',
  cardNumber: 'Card number',
  cardNumberPlaceholder: '1234 1234 1234 1234',
  expiry: 'Expiry date (MM / YY)',
  expiryPlaceholder: 'MM / YY',
  cvc: 'CVC',
  cvcPlaceholder: '123',
  cardDetails: 'Card details',
  loadingPaymentForm: 'Loading payment form...',
  pay: (amount: string) => `Pay ${amount}`,
  processing: 'Processing...',
  enrollFree: 'Enroll for free',
  freeCourse: 'This course is free: no card needed.',
  goToCourse: 'Go to the course',
} as const;
