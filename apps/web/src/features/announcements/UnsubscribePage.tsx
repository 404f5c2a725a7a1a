/**
 * /unsubscribe?token=… (decision 0089): the page a course e-mail's unsubscribe link opens, signed in or
 * not. Opening it changes nothing (link scanners follow links): it names the course and asks; the button
 * unsubscribes (courseMail.unsubscribe), and the answer offers the way back (courseMail.resubscribe).
 * Mail clients' one-click POST to the same address unsubscribes without this page.
 */
import type { CourseMailSubscription } from '@lectio/contracts/course-mail';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { primaryButtonClassName } from '~/components/Button';
import { FormMessage } from '~/components/ui/form/FormMessage';
import { secondaryActionClassName } from '~/components/ui/ui-classes';
import { AuthCard, CardStatus, linkClassName } from '~/features/auth/AuthCard';
import { errorMessage } from '~/lib/api-errors';
import { trpc } from '~/lib/trpc';
import { ANNOUNCEMENTS_TEXT as T } from './announcements-text';

function HomeLink() {
  return (
    <p className="mt-6">
      <Link to="/" className={linkClassName}>
        {T.goHome}
      </Link>
    </p>
  );
}

function Subscription({ token, initial }: { token: string; initial: CourseMailSubscription }) {
  const [news, setNews] = useState<string | null>(null);
  const [subscription, setSubscription] = useState(initial);
  const unsubscribe = useMutation(trpc.courseMail.unsubscribe.mutationOptions());
  const resubscribe = useMutation(trpc.courseMail.resubscribe.mutationOptions());
  const busy = unsubscribe.isPending || resubscribe.isPending;
  const failure = unsubscribe.error ?? resubscribe.error;

  async function change(mutation: typeof unsubscribe | typeof resubscribe) {
    unsubscribe.reset();
    resubscribe.reset();
    const answer = await mutation.mutateAsync({ token }).catch(() => null);
    if (!answer) return;
    setSubscription(answer.data);
    setNews(answer.message);
  }

  return (
    <div className="space-y-4">
      {subscription.emails ? (
        <>
          {news ? <CardStatus>{news}</CardStatus> : null}
          <p className="text-slate-700 dark:text-slate-300">
            {T.unsubscribeQuestion(subscription.courseTitle)}
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void change(unsubscribe)}
            className={primaryButtonClassName}
          >
            {unsubscribe.isPending ? T.unsubscribing : T.unsubscribe}
          </button>
        </>
      ) : (
        <>
          <CardStatus>{news ?? T.alreadyOff(subscription.courseTitle)}</CardStatus>
          <button
            type="button"
            disabled={busy}
            onClick={() => void change(resubscribe)}
            className={secondaryActionClassName}
          >
            {resubscribe.isPending ? T.resubscribing : T.resubscribe}
          </button>
        </>
      )}
      <FormMessage message={failure ? errorMessage(failure) : null} />
    </div>
  );
}

export function UnsubscribePage({ token }: { token?: string | undefined }) {
  const subscription = useQuery({
    ...trpc.courseMail.byToken.queryOptions({ token: token ?? '' }),
    enabled: Boolean(token),
    retry: false,
  });
  if (!token) {
    return (
      <AuthCard title={T.linkProblem}>
        <FormMessage message={T.missingLink} />
        <HomeLink />
      </AuthCard>
    );
  }
  if (subscription.isPending) {
    return (
      <AuthCard title={T.unsubscribeTitle}>
        <CardStatus>{T.checking}</CardStatus>
      </AuthCard>
    );
  }
  if (subscription.isError) {
    return (
      <AuthCard title={T.linkProblem}>
        <FormMessage message={errorMessage(subscription.error)} />
        <HomeLink />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={T.unsubscribeTitle}>
      <Subscription token={token} initial={subscription.data.data} />
      <HomeLink />
    </AuthCard>
  );
}
