/**
 * {base}/checkout/{courseId} (spec sections 2, 4 and 8): the course being bought, the card form and the
 * outcome. Which form shows depends on GET /payment/config: Stripe Elements (loaded lazily, only here and
 * only in Stripe mode) or the test-mode form. On success the session's purchased courses are replaced by
 * the server's list, every course query is invalidated (cards and My courses refetch) and after 1000 ms
 * the buyer goes to {base}/mycourse.
 */

import { REDIRECT_AFTER_PAYMENT_MS } from '@lectio/contracts/constants';
import type { Course } from '@lectio/contracts/course';
import { COURSE_MESSAGES, PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { actionClassName, errorTextClassName, panelClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { lectureLink, myCoursesLink, sectionBase } from '~/lib/links';
import { getSession, useSession } from '~/lib/session';
import { formatCoursePrice, formatPrice } from '../catalog/course-card-format';
import { courseQuery, invalidateCourses } from '../catalog/course-queries';
import { GoBackButton } from '../catalog/GoBackButton';
import { inCourseOrder } from '../learning/lecture-paths';
import { CouponField, type CouponState } from './CouponField';
import { CHECKOUT_TEXT } from './checkout-text';
import { PayForm } from './PayButton';
import { couponPreviewQuery, paymentConfigQuery } from './payment-api';
import { type ConfirmCard, payForCourse, paymentErrorMessage, recordPurchases } from './payment-flow';
import { TestCardForm } from './TestCardForm';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

type Phase =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'failed'; message: string }
  | { kind: 'succeeded' };

/** A free course: the server enrolls on intent creation, so there is no card to ask for. */
function FreeEnrollForm({
  text,
  processing,
  onPay,
}: {
  text: string;
  processing: boolean;
  onPay: (confirm: ConfirmCard) => void;
}) {
  return (
    <PayForm
      payLabel={CHECKOUT_TEXT.enrollFree}
      processing={processing}
      ready
      // Only reached if the server asked for a card after all; fail rather than pay blindly.
      onPay={() =>
        onPay(async () => {
          throw new Error('A free course needs no card');
        })
      }
    >
      <p className="text-slate-700 dark:text-slate-300">{text}</p>
    </PayForm>
  );
}

interface CouponPrice {
  code: string;
  listPrice: number;
  discount: number;
  amount: number;
}

function OrderSummary({ course, coupon }: { course: Course; coupon: CouponPrice | null }) {
  return (
    <section aria-labelledby="checkout-summary-title" className={panelClassName}>
      <h2 id="checkout-summary-title" className="mb-4 text-lg font-semibold">
        {CHECKOUT_TEXT.orderSummary}
      </h2>
      <div className="flex gap-4">
        {course.thumbnail?.secure_url ? (
          <img
            src={course.thumbnail.secure_url}
            alt=""
            className="h-20 w-32 shrink-0 rounded-md object-cover"
          />
        ) : null}
        <dl className="min-w-0 flex-1 space-y-1">
          <dt className="sr-only">{CHECKOUT_TEXT.course}</dt>
          <dd className="text-lg font-semibold">{course.title}</dd>
          <dd className="text-sm text-slate-700 dark:text-slate-300">
            {CHECKOUT_TEXT.instructor(course.instructorName || course.instructor.name)} ·{' '}
            {CHECKOUT_TEXT.lectures(course.videos.length)}
          </dd>
          {coupon ? null : (
            <>
              <dt className="sr-only">{CHECKOUT_TEXT.price}</dt>
              <dd className="text-2xl font-bold">{formatCoursePrice(course.price)}</dd>
            </>
          )}
        </dl>
      </div>
      {coupon ? (
        <dl className="mt-4 space-y-1 border-t border-slate-200 pt-4 dark:border-slate-700">
          <div className="flex justify-between gap-4">
            <dt>{CHECKOUT_TEXT.listPrice}</dt>
            <dd className="whitespace-nowrap">
              <s>{formatPrice(coupon.listPrice)}</s>
            </dd>
          </div>
          <div className="flex justify-between gap-4 text-emerald-800 dark:text-emerald-300">
            <dt className="min-w-0 break-all">{CHECKOUT_TEXT.discount(coupon.code)}</dt>
            <dd className="whitespace-nowrap">−{formatPrice(coupon.discount)}</dd>
          </div>
          <div className="flex justify-between gap-4 text-2xl font-bold">
            <dt>{CHECKOUT_TEXT.total}</dt>
            <dd className="whitespace-nowrap">{formatPrice(coupon.amount)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}

export function CheckoutScreen({ courseId, initialCoupon }: { courseId: string; initialCoupon?: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const course = useQuery(courseQuery(courseId));
  const config = useQuery(paymentConfigQuery);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [couponCode, setCouponCode] = useState<string | null>(initialCoupon ?? null);
  const preview = useQuery({
    ...couponPreviewQuery(courseId, couponCode ?? ''),
    enabled: couponCode !== null,
  });
  const couponPrice = couponCode !== null && preview.data?.code === couponCode ? preview.data : null;
  const couponState: CouponState =
    couponCode === null
      ? { kind: 'none' }
      : preview.isError
        ? { kind: 'refused', code: couponCode, message: errorMessage(preview.error) }
        : couponPrice
          ? { kind: 'applied', code: couponCode, discount: couponPrice.discount }
          : { kind: 'checking', code: couponCode };
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);
  const base = sectionBase(user?.role);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    };
  }, []);

  async function pay(confirmCard: ConfirmCard) {
    setPhase({ kind: 'processing' });
    try {
      const purchased = await payForCourse(
        courseId,
        confirmCard,
        getSession().user?.purchasedCourses ?? [],
        couponPrice?.code,
      );
      recordPurchases(purchased);
      void invalidateCourses(client);
      if (!mounted.current) return;
      setPhase({ kind: 'succeeded' });
      redirectTimer.current = setTimeout(() => {
        void navigate(myCoursesLink(base));
      }, REDIRECT_AFTER_PAYMENT_MS);
    } catch (error) {
      if (mounted.current) setPhase({ kind: 'failed', message: paymentErrorMessage(error) });
    }
  }

  const heading = <h1 className="text-2xl font-semibold">{CHECKOUT_TEXT.title}</h1>;

  if (course.isPending || config.isPending || course.isError) {
    const loading = course.isPending || config.isPending;
    return (
      <div className="space-y-4">
        <GoBackButton />
        {heading}
        <p
          role={loading ? 'status' : 'alert'}
          className={
            loading ? 'text-slate-700 dark:text-slate-300' : 'font-semibold text-red-700 dark:text-red-400'
          }
        >
          {loading ? CHECKOUT_TEXT.loading : COURSE_MESSAGES.loadFailed}
        </p>
      </div>
    );
  }

  const data = course.data;
  const processing = phase.kind === 'processing';
  const amount = couponPrice ? couponPrice.amount : data.price;
  const payLabel = CHECKOUT_TEXT.pay(formatPrice(amount));
  const canUseCoupon =
    phase.kind !== 'succeeded' && !data.canAccessAll && data.videos.length > 0 && data.price > 0;
  const first = inCourseOrder(data.videos)[0];

  let body: ReactNode;
  if (phase.kind === 'succeeded') {
    // The text itself goes into the status region below, which exists before it so it is announced.
    body = null;
  } else if (data.canAccessAll) {
    body = (
      <div className="space-y-4">
        <p className="text-slate-800 dark:text-slate-200">{PAYMENT_MESSAGES.alreadyHasAccess}</p>
        {first ? (
          <Link {...lectureLink(base, data._id, first._id)} className={actionClassName('primary')}>
            {COURSE_MESSAGES.continueWatching}
          </Link>
        ) : null}
      </div>
    );
  } else if (data.videos.length === 0) {
    body = (
      <p role="alert" className={errorTextClassName}>
        {COURSE_MESSAGES.lecturesComingSoon}
      </p>
    );
  } else if (couponState.kind === 'checking') {
    // Never let a payment start at the full price while the code is being checked.
    body = null;
  } else if (amount <= 0) {
    body = (
      <FreeEnrollForm
        text={couponPrice ? CHECKOUT_TEXT.couponCoversAll : CHECKOUT_TEXT.freeCourse}
        processing={processing}
        onPay={pay}
      />
    );
  } else if (config.isError || (config.data.provider === 'stripe' && !config.data.publishableKey)) {
    body = (
      <p role="alert" className={errorTextClassName}>
        {PAYMENT_MESSAGES.paymentFormLoadFailed}
      </p>
    );
  } else if (config.data.provider === 'stripe' && config.data.publishableKey) {
    body = (
      <Suspense
        fallback={
          <p role="status" className="text-slate-700 dark:text-slate-300">
            {CHECKOUT_TEXT.loadingPaymentForm}
          </p>
        }
      >
        <StripeCardForm
          publishableKey={config.data.publishableKey}
          payLabel={payLabel}
          processing={processing}
          onPay={pay}
        />
      </Suspense>
    );
  } else {
    body = <TestCardForm payLabel={payLabel} processing={processing} onPay={pay} />;
  }

  return (
    <div className="space-y-6">
      <GoBackButton />
      {heading}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <OrderSummary course={data} coupon={couponPrice} />
        <section aria-labelledby="checkout-payment-title" className={`${panelClassName} space-y-4`}>
          <h2 id="checkout-payment-title" className="text-lg font-semibold">
            {CHECKOUT_TEXT.paymentDetails}
          </h2>
          {canUseCoupon ? (
            <CouponField
              state={couponState}
              initialCode={initialCoupon ?? ''}
              disabled={processing}
              onApply={setCouponCode}
              onRemove={() => setCouponCode(null)}
            />
          ) : null}
          {body}
          <div role="status">
            {phase.kind === 'succeeded' ? (
              <p className="rounded-md border border-emerald-700 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-100">
                {PAYMENT_MESSAGES.success}
              </p>
            ) : null}
          </div>
          {phase.kind === 'failed' ? (
            <p role="alert" className={`${errorTextClassName} font-medium`}>
              {phase.message}
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
