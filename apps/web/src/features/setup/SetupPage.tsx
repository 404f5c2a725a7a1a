/**
 * /setup, first-run setup (docs/decisions/0032-first-run-setup.md): while the server has no admin, a form
 * that creates the first one with the setup token from the server log, validated with the contract's
 * schema; on success a toast and the sign-in page, as after sign-up. Once an admin exists the page says
 * setup is complete and links to sign-in; a call that finds setup closed meanwhile turns the page into
 * that.
 */
import { SETUP_MESSAGES } from '@lectio/contracts/messages';
import { createAdminRequestSchema } from '@lectio/contracts/setup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { primaryButtonClassName } from '~/components/Button';
import { LoadingScreen } from '~/components/LoadingScreen';
import { FormMessage } from '~/components/ui/form/FormMessage';
import { FormShell, schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { AuthCard, linkClassName } from '~/features/auth/AuthCard';
import { NEW_ACCOUNT_DEFAULTS, NEW_ACCOUNT_FIELDS, NewAccountFields } from '~/features/auth/account-fields';
import { errorMessage, serverFailure } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { SETUP_TEXT } from './setup-text';

export function SetupPage() {
  const status = useQuery(trpc.setup.status.queryOptions());
  if (status.isPending) return <LoadingScreen />;
  if (status.isError) {
    return (
      <AuthCard title={SETUP_TEXT.title}>
        <FormMessage message={errorMessage(status.error)} />
        <button type="button" onClick={() => void status.refetch()} className={primaryButtonClassName}>
          {SETUP_TEXT.retry}
        </button>
      </AuthCard>
    );
  }
  return status.data.needsSetup ? <CreateAdminForm /> : <SetupComplete />;
}

function SetupComplete() {
  return (
    <AuthCard title={SETUP_TEXT.completeTitle}>
      <p className="text-slate-700 dark:text-slate-300">{SETUP_TEXT.completeText}</p>
      <p className="mt-6">
        <Link to="/signin" className={linkClassName}>
          {SETUP_TEXT.signInLink}
        </Link>
      </p>
    </AuthCard>
  );
}

function CreateAdminForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createAdmin = useMutation(trpc.setup.createAdmin.mutationOptions());
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const form = useAppForm({
    ...schemaForm(createAdminRequestSchema, { token: '', ...NEW_ACCOUNT_DEFAULTS }),
    onSubmit: async ({ value, formApi }) => {
      setServerMessage(null);
      try {
        await createAdmin.mutateAsync(createAdminRequestSchema.parse(value));
      } catch (error) {
        setServerMessage(applyServerErrors(formApi, error));
        // Setup may have been closed meanwhile (another tab, the command line): then the page says so.
        if (serverFailure(error)?.code === 'CONFLICT')
          void queryClient.invalidateQueries({ queryKey: trpc.setup.status.queryKey() });
        return;
      }
      queryClient.setQueryData(trpc.setup.status.queryKey(), { needsSetup: false });
      toast.success(SETUP_MESSAGES.adminCreated);
      await navigate({ to: '/signin' });
    },
  });

  return (
    <AuthCard title={SETUP_TEXT.title}>
      <p className="mb-6 text-slate-700 dark:text-slate-300">{SETUP_TEXT.intro}</p>
      <FormShell form={form} submit={SETUP_TEXT.submit} message={serverMessage}>
        <form.AppField name="token">
          {(field) => (
            <field.TextField
              id="setup-token"
              label={SETUP_TEXT.tokenLabel}
              hint={SETUP_TEXT.tokenHint}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
            />
          )}
        </form.AppField>
        <NewAccountFields form={form} fields={NEW_ACCOUNT_FIELDS} idPrefix="setup" />
      </FormShell>
    </AuthCard>
  );
}
