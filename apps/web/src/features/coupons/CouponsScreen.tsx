/**
 * /dashboard/instructor/coupons and /dashboard/admin/coupons (issue 14, item 4): make a coupon (percent or
 * fixed amount off, for one course, all the maker's courses or, for an admin, every course; with an optional
 * expiry and usage limit), and the coupons, newest first, with their uses and state, disabled or enabled
 * again, and a course coupon's share link copied. The form checks each field by the contract's rules
 * (coupon-form-schema.ts) next to it; the server decides what may be made (an instructor only for their own
 * courses) and its reasons show under the form.
 */

import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import { COUPON_KINDS, type Coupon } from '@lectio/contracts/coupons';
import { COUPON_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import { useStore } from '@tanstack/react-form';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { LoadMoreButton } from '~/components/LoadMoreButton';
import { QueryState } from '~/components/QueryState';
import { FormShell, schemaForm, useAppForm, withFieldGroup } from '~/components/ui/form/form-kit';
import { RadioGroupField } from '~/components/ui/form/RadioGroupField';
import { sendForm } from '~/components/ui/form/send-form';
import { PagedList } from '~/components/ui/PagedList';
import { ScreenHeader } from '~/components/ui/ScreenHeader';
import { TableHead } from '~/components/ui/TableHead';
import {
  actionClassName,
  errorTextClassName,
  fieldClassName,
  panelClassName,
} from '~/components/ui/ui-classes';
import { managedCoursesQuery } from '~/features/course-admin/course-admin-queries';
import { formErrorMessage } from '~/lib/api-errors';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { couponFormSchema, EMPTY_COUPON_FORM } from './coupon-form-schema';
import {
  couponState,
  formatAppliesTo,
  formatDiscount,
  formatExpiry,
  formatUses,
  shareLink,
} from './coupon-format';
import { couponsQuery, invalidateCoupons } from './coupon-queries';
import { COUPON_KIND_LABEL, COUPON_STATE_LABEL, type CouponState, COUPONS_TEXT as TEXT } from './coupon-text';

const KINDS = COUPON_KINDS.map((kind) => ({ value: kind, label: COUPON_KIND_LABEL[kind] }));

const SCOPES = [
  { value: 'course', label: TEXT.scopeCourse },
  { value: 'instructor', label: TEXT.scopeInstructor },
  { value: 'platform', label: TEXT.scopePlatform },
] as const;

/** An instructor's coupons are for their own courses; only an admin makes one for every course. */
const INSTRUCTOR_SCOPES = SCOPES.filter((scope) => scope.value !== 'platform');

const COURSE_FIELD = { courseId: 'courseId' } as const;

/** The course a course coupon is for, from the maker's courses, a page at a time. */
const CourseField = withFieldGroup({
  defaultValues: { courseId: '' },
  props: { id: '' },
  render: function Render({ group, id }) {
    const courses = useInfiniteQuery(managedCoursesQuery());
    const items = courses.data?.pages.flatMap((page) => page.data.courses) ?? [];
    const hint = courses.isSuccess && items.length === 0 ? TEXT.noCourses : undefined;
    return (
      <div className="space-y-1 sm:max-w-md">
        <group.AppField name="courseId">
          {(field) => (
            <field.SelectField id={id} label={TEXT.courseLabel} hint={hint}>
              <option value="">{TEXT.chooseCourse}</option>
              {items.map((course) => (
                <option key={course._id} value={course._id}>
                  {course.title}
                </option>
              ))}
            </field.SelectField>
          )}
        </group.AppField>
        <QueryState
          query={courses}
          loading={TEXT.coursesLoading}
          failed={TEXT.coursesFailed}
          retry={TEXT.retry}
        />
        <LoadMoreButton
          query={courses}
          label={TEXT.moreCourses}
          loadingLabel={TEXT.loadingMore}
          className={actionClassName('secondary', 'small')}
        />
      </div>
    );
  },
});

function CreateCouponForm({ admin }: { admin: boolean }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const create = useMutation(trpc.coupons.create.mutationOptions());
  const form = useAppForm({
    ...schemaForm(couponFormSchema, EMPTY_COUPON_FORM),
    onSubmit: async ({ value, formApi }) => {
      const result = await sendForm(formApi, setMessage, () =>
        create.mutateAsync(couponFormSchema.parse(value)),
      );
      if (!result) return;
      toast.success(COUPON_MESSAGES.created(result.coupon.code));
      formApi.reset();
      await invalidateCoupons(queryClient);
    },
  });
  const percent = useStore(form.store, (state) => state.values.kind === 'percent');
  const forCourse = useStore(form.store, (state) => state.values.scope === 'course');
  return (
    <section aria-labelledby="coupon-create-heading" className={`${panelClassName} space-y-4`}>
      <h2 id="coupon-create-heading" className="text-lg font-semibold">
        {TEXT.createTitle}
      </h2>
      <FormShell
        form={form}
        submit={create.isPending ? TEXT.creating : TEXT.create}
        submitClassName={actionClassName('primary')}
        allowWhileInvalid
        message={message}
      >
        <div className="space-y-4 sm:max-w-xs">
          <form.AppField name="code">
            {(field) => (
              <field.TextField
                id={`${id}-code`}
                label={TEXT.codeLabel}
                hint={COUPON_MESSAGES.codeInvalid}
                autoComplete="off"
                spellCheck={false}
                maxLength={32}
                monospace
              />
            )}
          </form.AppField>
          <form.AppField name="kind">
            {() => <RadioGroupField legend={TEXT.kindLegend} options={KINDS} />}
          </form.AppField>
          <form.AppField name="value">
            {(field) => (
              <field.TextField
                id={`${id}-value`}
                label={percent ? TEXT.percentLabel : TEXT.amountLabel(DEFAULT_CURRENCY)}
                type="number"
                inputMode={percent ? 'numeric' : 'decimal'}
                min={percent ? 1 : 0.01}
                max={percent ? 100 : undefined}
                step={percent ? 1 : 0.01}
              />
            )}
          </form.AppField>
        </div>
        <form.AppField name="scope">
          {() => <RadioGroupField legend={TEXT.scopeLegend} options={admin ? SCOPES : INSTRUCTOR_SCOPES} />}
        </form.AppField>
        {forCourse ? <CourseField form={form} fields={COURSE_FIELD} id={`${id}-course`} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="expires">
            {(field) => (
              <field.TextField
                id={`${id}-expires`}
                label={TEXT.expiresLabel}
                hint={TEXT.expiresHint}
                type="datetime-local"
              />
            )}
          </form.AppField>
          <form.AppField name="limit">
            {(field) => (
              <field.TextField
                id={`${id}-limit`}
                label={TEXT.limitLabel}
                hint={TEXT.limitHint}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
              />
            )}
          </form.AppField>
        </div>
      </FormShell>
    </section>
  );
}

const STATE_TONES: Record<CouponState, string> = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  disabled: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  expired: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  usedUp: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
};

/** A cell that is a table cell from 640 px and a labelled line of the coupon's card below. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="flex flex-wrap justify-between gap-x-4 py-1 sm:table-cell sm:py-3 sm:pr-4 sm:align-top">
      <span className="font-medium text-slate-600 sm:hidden dark:text-slate-400">{label}</span>
      <span className="min-w-0 break-words text-right sm:text-left">{children}</span>
    </td>
  );
}

function ShareLinkButton({ coupon, courseId }: { coupon: Coupon; courseId: string }) {
  const [fallback, setFallback] = useState(false);
  const link = shareLink(window.location.origin, courseId, coupon.code);
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(link);
      setFallback(false);
      toast.success(TEXT.linkCopied);
    } catch {
      setFallback(true);
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={TEXT.copyLinkFor(coupon.code)}
        className={actionClassName('secondary', 'small')}
      >
        {TEXT.copyLink}
      </button>
      {fallback ? (
        <span className="block w-full space-y-1">
          <span role="alert" className={`block ${errorTextClassName}`}>
            {TEXT.copyFailed}
          </span>
          <input
            readOnly
            value={link}
            aria-label={TEXT.shareLinkLabel(coupon.code)}
            onFocus={(event) => event.currentTarget.select()}
            className={`${fieldClassName} font-mono text-xs`}
          />
        </span>
      ) : null}
    </>
  );
}

function CouponActions({ coupon }: { coupon: Coupon }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const toggle = useMutation(
    trpc.coupons.setDisabled.mutationOptions({
      onSuccess: async (result) => {
        toast.success(
          result.coupon.disabled
            ? TEXT.disabledToast(result.coupon.code)
            : TEXT.enabledToast(result.coupon.code),
        );
        await invalidateCoupons(queryClient);
      },
      onError: (failure) => setError(formErrorMessage(failure)),
    }),
  );
  return (
    <span className="flex flex-wrap justify-end gap-2 sm:justify-start">
      <button
        type="button"
        disabled={toggle.isPending}
        aria-label={coupon.disabled ? TEXT.enableFor(coupon.code) : TEXT.disableFor(coupon.code)}
        onClick={() => {
          setError(null);
          toggle.mutate({ id: coupon._id, disabled: !coupon.disabled });
        }}
        className={actionClassName(coupon.disabled ? 'secondary' : 'dangerOutline', 'small')}
      >
        {coupon.disabled ? TEXT.enable : TEXT.disable}
      </button>
      {coupon.scope === 'course' && coupon.courseId ? (
        <ShareLinkButton coupon={coupon} courseId={coupon.courseId} />
      ) : null}
      {error ? (
        <span role="alert" className={`block w-full ${errorTextClassName}`}>
          {error}
        </span>
      ) : null}
    </span>
  );
}

function CouponRow({ coupon, viewerId }: { coupon: Coupon; viewerId: string | null }) {
  const state = couponState(coupon);
  return (
    <tr className="block rounded-lg border border-slate-200 p-4 sm:table-row sm:rounded-none sm:border-0 sm:p-0 dark:border-slate-700">
      <th
        scope="row"
        className="block pb-2 font-mono font-semibold break-all sm:table-cell sm:py-3 sm:pr-4 sm:align-top"
      >
        {coupon.code}
      </th>
      <Cell label={TEXT.discount}>{formatDiscount(coupon)}</Cell>
      <Cell label={TEXT.appliesTo}>{formatAppliesTo(coupon, viewerId)}</Cell>
      <Cell label={TEXT.uses}>{formatUses(coupon)}</Cell>
      <Cell label={TEXT.expires}>
        {coupon.expiresAt ? (
          <time dateTime={coupon.expiresAt}>{formatExpiry(coupon)}</time>
        ) : (
          formatExpiry(coupon)
        )}
      </Cell>
      <Cell label={TEXT.state}>
        <span
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TONES[state]}`}
        >
          {COUPON_STATE_LABEL[state]}
        </span>
      </Cell>
      <td className="block pt-3 sm:table-cell sm:py-3 sm:align-top">
        <CouponActions coupon={coupon} />
      </td>
    </tr>
  );
}

function CouponList({ admin, viewerId }: { admin: boolean; viewerId: string | null }) {
  const columns = [
    TEXT.code,
    TEXT.discount,
    TEXT.appliesTo,
    TEXT.uses,
    TEXT.expires,
    TEXT.state,
    TEXT.actions,
  ].map((label) => ({ label }));
  return (
    <section aria-labelledby="coupon-list-heading" className="space-y-4">
      <h2 id="coupon-list-heading" className="text-lg font-semibold">
        {admin ? TEXT.allCouponsTitle : TEXT.listTitle}
      </h2>
      <PagedList
        query={couponsQuery()}
        items={(page) => page.coupons}
        text={{ ...TEXT, failed: TEXT.loadFailed }}
        failureDetail={(error) => <p className={errorTextClassName}>{formErrorMessage(error)}</p>}
        empty={
          <div className={panelClassName}>
            <h3 className="font-semibold">{TEXT.emptyTitle}</h3>
            <p className="mt-1 text-slate-700 dark:text-slate-300">{TEXT.emptyBody}</p>
          </div>
        }
      >
        {(items) => (
          <>
            {/* From 640 px a table; below, each coupon is a card of labelled lines (the headers are hidden). */}
            <div className="sm:overflow-x-auto sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:px-4 sm:dark:border-slate-700 sm:dark:bg-slate-900">
              <table
                aria-labelledby="coupon-list-heading"
                className="block w-full text-left text-sm sm:table"
              >
                <TableHead
                  columns={columns}
                  className="hidden text-slate-600 sm:table-header-group dark:text-slate-400"
                />
                <tbody className="block space-y-4 sm:table-row-group sm:space-y-0 sm:divide-y sm:divide-slate-200 sm:dark:divide-slate-700">
                  {items.map((coupon) => (
                    <CouponRow key={coupon._id} coupon={coupon} viewerId={viewerId} />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </PagedList>
    </section>
  );
}

export function CouponsScreen() {
  const { user } = useSession();
  const admin = can(user, 'all');
  return (
    <div className="space-y-6">
      <ScreenHeader title={TEXT.title} intro={TEXT.intro} />
      <CreateCouponForm admin={admin} />
      <CouponList admin={admin} viewerId={user?._id ?? null} />
    </div>
  );
}
