/**
 * /dashboard/instructor/coupons and /dashboard/admin/coupons (issue 14, item 4): make a coupon (percent or
 * fixed amount off, for one course, all the maker's courses or, for an admin, every course; with an optional
 * expiry and usage limit), and the coupons, newest first, with their uses and state, disabled or enabled
 * again, and a course coupon's share link copied. The server decides what may be made (an instructor only
 * for their own courses); the form checks only the code and the course, and shows the server's reasons.
 */

import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import { COUPON_CODE_PATTERN, type Coupon, type CreateCouponRequest } from '@lectio/contracts/coupons';
import { COUPON_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { LoadMoreButton } from '~/components/LoadMoreButton';
import { PagedList } from '~/components/ui/PagedList';
import {
  actionClassName,
  errorTextClassName,
  fieldClassName,
  labelClassName,
  panelClassName,
} from '~/components/ui/ui-classes';
import { managedCoursesQuery } from '~/features/course-admin/course-admin-queries';
import { formErrorMessage } from '~/lib/api-errors';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import {
  couponState,
  expiryInstant,
  formatAppliesTo,
  formatDiscount,
  formatExpiry,
  formatUses,
  shareLink,
} from './coupon-format';
import { couponsQuery, invalidateCoupons } from './coupon-queries';
import { COUPON_KIND_LABEL, COUPON_STATE_LABEL, type CouponState, COUPONS_TEXT as TEXT } from './coupon-text';

type Kind = Coupon['kind'];
type Scope = Coupon['scope'];

const hintClassName = 'text-xs text-slate-600 dark:text-slate-400';

/** '' is no number: sent as NaN (null on the wire) for the server to refuse with its message. */
function numberOrNaN(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value);
}

function CourseSelect({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (courseId: string) => void;
  describedBy: string | undefined;
}) {
  const courses = useInfiniteQuery(managedCoursesQuery());
  const items = courses.data?.pages.flatMap((page) => page.data.courses) ?? [];
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClassName}>
        {TEXT.courseLabel}
      </label>
      {courses.isPending ? (
        <p role="status" className={hintClassName}>
          {TEXT.coursesLoading}
        </p>
      ) : courses.isError ? (
        <div role="alert" className="space-y-2">
          <p className={errorTextClassName}>{TEXT.coursesFailed}</p>
          <button
            type="button"
            onClick={() => void courses.refetch()}
            className={actionClassName('secondary', 'small')}
          >
            {TEXT.retry}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className={hintClassName}>{TEXT.noCourses}</p>
      ) : null}
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${fieldClassName} sm:max-w-md`}
        disabled={items.length === 0}
        aria-describedby={describedBy}
      >
        <option value="">{TEXT.chooseCourse}</option>
        {items.map((course) => (
          <option key={course._id} value={course._id}>
            {course.title}
          </option>
        ))}
      </select>
      <LoadMoreButton
        query={courses}
        label={TEXT.moreCourses}
        loadingLabel={TEXT.loadingMore}
        className={actionClassName('secondary', 'small')}
      />
    </div>
  );
}

function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className={labelClassName}>{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="h-4 w-4 accent-indigo-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CreateCouponForm({ admin }: { admin: boolean }) {
  const queryClient = useQueryClient();
  const ids = {
    code: useId(),
    value: useId(),
    course: useId(),
    expires: useId(),
    limit: useId(),
    error: useId(),
    name: useId(),
  };
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<Kind>('percent');
  const [value, setValue] = useState('');
  const [scope, setScope] = useState<Scope>('course');
  const [courseId, setCourseId] = useState('');
  const [expires, setExpires] = useState('');
  const [limit, setLimit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = () => {
    setCode('');
    setKind('percent');
    setValue('');
    setScope('course');
    setCourseId('');
    setExpires('');
    setLimit('');
    setError(null);
  };
  const create = useMutation(
    trpc.coupons.create.mutationOptions({
      onSuccess: async (result) => {
        toast.success(COUPON_MESSAGES.created(result.coupon.code));
        reset();
        await invalidateCoupons(queryClient);
      },
      onError: (failure) => setError(formErrorMessage(failure)),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const trimmedCode = code.trim();
    if (!COUPON_CODE_PATTERN.test(trimmedCode)) {
      setError(COUPON_MESSAGES.codeInvalid);
      return;
    }
    if (scope === 'course' && courseId === '') {
      setError(COUPON_MESSAGES.courseRequired);
      return;
    }
    const expiresAt = expiryInstant(expires);
    const input: CreateCouponRequest = {
      code: trimmedCode,
      kind,
      scope,
      ...(kind === 'percent' ? { percentOff: numberOrNaN(value) } : { amountOff: numberOrNaN(value) }),
      ...(scope === 'course' ? { courseId } : {}),
      ...(expiresAt === undefined ? {} : { expiresAt }),
      ...(limit.trim() === '' ? {} : { maxRedemptions: Number(limit) }),
    };
    create.mutate(input);
  };
  const describedBy = error ? ids.error : undefined;
  const scopes: { value: Scope; label: string }[] = [
    { value: 'course', label: TEXT.scopeCourse },
    { value: 'instructor', label: TEXT.scopeInstructor },
    ...(admin ? [{ value: 'platform' as const, label: TEXT.scopePlatform }] : []),
  ];
  return (
    <section aria-labelledby="coupon-create-heading" className={`${panelClassName} space-y-4`}>
      <h2 id="coupon-create-heading" className="text-lg font-semibold">
        {TEXT.createTitle}
      </h2>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="space-y-1">
          <label htmlFor={ids.code} className={labelClassName}>
            {TEXT.codeLabel}
          </label>
          <p id={`${ids.code}-hint`} className={hintClassName}>
            {COUPON_MESSAGES.codeInvalid}
          </p>
          <input
            id={ids.code}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            className={`${fieldClassName} font-mono sm:max-w-xs`}
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            aria-describedby={[`${ids.code}-hint`, describedBy].filter(Boolean).join(' ')}
          />
        </div>
        <RadioGroup
          legend={TEXT.kindLegend}
          name={`${ids.name}-kind`}
          value={kind}
          options={(['percent', 'fixed'] as const).map((option) => ({
            value: option,
            label: COUPON_KIND_LABEL[option],
          }))}
          onChange={setKind}
        />
        <div className="space-y-1">
          <label htmlFor={ids.value} className={labelClassName}>
            {kind === 'percent' ? TEXT.percentLabel : TEXT.amountLabel(DEFAULT_CURRENCY)}
          </label>
          <input
            id={ids.value}
            type="number"
            inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
            min={kind === 'percent' ? 1 : 0.01}
            max={kind === 'percent' ? 100 : undefined}
            step={kind === 'percent' ? 1 : 0.01}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className={`${fieldClassName} sm:max-w-xs`}
            aria-describedby={describedBy}
          />
        </div>
        <RadioGroup
          legend={TEXT.scopeLegend}
          name={`${ids.name}-scope`}
          value={scope}
          options={scopes}
          onChange={setScope}
        />
        {scope === 'course' ? (
          <CourseSelect id={ids.course} value={courseId} onChange={setCourseId} describedBy={describedBy} />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor={ids.expires} className={labelClassName}>
              {TEXT.expiresLabel}
            </label>
            <p id={`${ids.expires}-hint`} className={hintClassName}>
              {TEXT.expiresHint}
            </p>
            <input
              id={ids.expires}
              type="datetime-local"
              value={expires}
              onChange={(event) => setExpires(event.target.value)}
              className={fieldClassName}
              aria-describedby={[`${ids.expires}-hint`, describedBy].filter(Boolean).join(' ')}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={ids.limit} className={labelClassName}>
              {TEXT.limitLabel}
            </label>
            <p id={`${ids.limit}-hint`} className={hintClassName}>
              {TEXT.limitHint}
            </p>
            <input
              id={ids.limit}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
              className={fieldClassName}
              aria-describedby={[`${ids.limit}-hint`, describedBy].filter(Boolean).join(' ')}
            />
          </div>
        </div>
        {error ? (
          <p id={ids.error} role="alert" className={errorTextClassName}>
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={create.isPending} className={actionClassName('primary')}>
          {create.isPending ? TEXT.creating : TEXT.create}
        </button>
      </form>
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
  const columns = [TEXT.code, TEXT.discount, TEXT.appliesTo, TEXT.uses, TEXT.expires, TEXT.state];
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
                <thead className="hidden text-slate-600 sm:table-header-group dark:text-slate-400">
                  <tr>
                    {columns.map((column) => (
                      <th key={column} scope="col" className="py-2 pr-4 font-medium">
                        {column}
                      </th>
                    ))}
                    <th scope="col" className="py-2 font-medium">
                      {TEXT.actions}
                    </th>
                  </tr>
                </thead>
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
      <div className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{TEXT.title}</h1>
        <p className="text-slate-700 dark:text-slate-300">{TEXT.intro}</p>
      </div>
      <CreateCouponForm admin={admin} />
      <CouponList admin={admin} viewerId={user?._id ?? null} />
    </div>
  );
}
