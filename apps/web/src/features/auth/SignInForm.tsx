/**
 * Sign-in (spec sections 2 and 5): validated with the contract's login schema, server failures shown under
 * the form, and on success the session is set, a welcome toast shown and the user sent back where they
 * came from. Sign-up sends a user here only when its own sign-in failed, with a notice and the e-mail.
 */
import { loginRequestSchema } from '@lectio/contracts/auth';
import { AUTH_MESSAGES, displayServerMessage, PAGE_TEXT } from '@lectio/contracts/messages';
import { returnPathAfterSignIn } from '@lectio/contracts/navigation';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { FormShell, schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { signIn } from '~/lib/auth';
import { toast } from '~/lib/toast';
import { AuthCard, AuthCardLinks, CardLink, linkClassName } from './AuthCard';
import { AccountPasswordField, EMAIL_FIELD, EmailField, PASSWORD_FIELD } from './account-fields';
import { AUTH_TEXT } from './auth-text';
import './sign-in-notice';

export function SignInForm({ from }: { from?: string | undefined }) {
  const navigate = useNavigate();
  // Sent by sign-up when the account was created but its automatic sign-in failed (sign-in-notice.ts).
  const { signInNotice, signInEmail } = useRouterState({ select: (state) => state.location.state });
  const [serverMessage, setServerMessage] = useState<string | null>(signInNotice ?? null);
  const form = useAppForm({
    ...schemaForm(loginRequestSchema, { email: signInEmail ?? '', password: '', remember: false }),
    onSubmit: async ({ value, formApi }) => {
      setServerMessage(null);
      try {
        const session = await signIn(loginRequestSchema.parse(value));
        toast.success(AUTH_MESSAGES.welcomeBack(session.user.name));
        await navigate({ href: returnPathAfterSignIn(from, session.role), replace: true });
      } catch (error) {
        const message = applyServerErrors(formApi, error);
        setServerMessage(message === null ? null : displayServerMessage(message));
      }
    },
  });

  return (
    <AuthCard title={AUTH_TEXT.signInTitle}>
      <FormShell form={form} submit={AUTH_TEXT.signInButton} message={serverMessage}>
        <EmailField form={form} fields={EMAIL_FIELD} id="signin-email" />
        <AccountPasswordField
          form={form}
          fields={PASSWORD_FIELD}
          id="signin-password"
          label={AUTH_TEXT.passwordLabel}
        />
        <div className="flex items-center justify-between gap-4 text-sm">
          <form.AppField name="remember">
            {(field) => <field.Checkbox label={PAGE_TEXT.keepMeLoggedIn} />}
          </form.AppField>
          <Link to="/reset-password" className={linkClassName}>
            {PAGE_TEXT.forgotPassword}
          </Link>
        </div>
      </FormShell>
      <AuthCardLinks>
        <CardLink lead={AUTH_TEXT.noAccount} link={{ to: '/signup' }}>
          {AUTH_TEXT.signUpLink}
        </CardLink>
        <CardLink link={{ to: '/' }}>{PAGE_TEXT.backToHome}</CardLink>
      </AuthCardLinks>
    </AuthCard>
  );
}
