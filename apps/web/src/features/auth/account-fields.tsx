/**
 * The account fields that sign-in, sign-up, first-run setup, password reset and the profile ask for alike,
 * as field groups (decision 0061): each is one line in its form, and its label, input type and
 * autocomplete are declared here once. A group takes the form, `fields` (which of the form's fields it
 * binds: the constant next to it, or a map such as `{ password: 'currentPassword' }`) and the input's id
 * (unique on the page). The contract schemas the forms validate with hold the rules and messages.
 */
import { withFieldGroup } from '~/components/ui/form/form-kit';
import { AUTH_TEXT } from './auth-text';

export const EMAIL_FIELD = { email: 'email' } as const;

export const EmailField = withFieldGroup({
  defaultValues: { email: '' },
  props: { id: '' },
  render: ({ group, id }) => (
    <group.AppField name="email">
      {(field) => <field.TextField id={id} label={AUTH_TEXT.emailLabel} type="email" autoComplete="email" />}
    </group.AppField>
  ),
});

export const NAME_FIELD = { name: 'name' } as const;

export const NameField = withFieldGroup({
  defaultValues: { name: '' },
  props: { id: '' },
  render: ({ group, id }) => (
    <group.AppField name="name">
      {(field) => <field.TextField id={id} label={AUTH_TEXT.nameLabel} autoComplete="name" />}
    </group.AppField>
  ),
});

export const PASSWORD_FIELD = { password: 'password' } as const;

interface AccountPasswordProps {
  id: string;
  label: string;
  /** A password being chosen (`autocomplete="new-password"`), not the account's current one. */
  newPassword?: boolean;
}

const ACCOUNT_PASSWORD_PROPS: AccountPasswordProps = { id: '', label: '' };

/** One password field: the account's current password, or with `newPassword` one being chosen. */
export const AccountPasswordField = withFieldGroup({
  defaultValues: { password: '' },
  props: ACCOUNT_PASSWORD_PROPS,
  render: ({ group, id, label, newPassword = false }) => (
    <group.AppField name="password">
      {(field) => (
        <field.PasswordField
          id={id}
          label={label}
          autoComplete={newPassword ? 'new-password' : 'current-password'}
        />
      )}
    </group.AppField>
  ),
});

export const NEW_PASSWORD_FIELDS = { password: 'password', confirmPassword: 'confirmPassword' } as const;

const CONFIRM_PASSWORD_FIELD = { password: 'confirmPassword' } as const;

/** The two fields' labels. */
export interface PasswordLabels {
  password: string;
  confirm: string;
}

/** Sign-up's and setup's: 'Password' and 'Confirm Password'. */
export const PASSWORD_LABELS: PasswordLabels = {
  password: AUTH_TEXT.passwordLabel,
  confirm: AUTH_TEXT.confirmPasswordLabel,
};

/**
 * A new password and its confirmation (ids `{idPrefix}-password` and `{idPrefix}-confirm-password`), both
 * `autocomplete="new-password"`; the contract schemas check the rules and that the two match.
 */
export const NewPasswordPair = withFieldGroup({
  defaultValues: { password: '', confirmPassword: '' },
  props: { idPrefix: '', labels: PASSWORD_LABELS as PasswordLabels },
  render: ({ group, idPrefix, labels }) => (
    <>
      <AccountPasswordField
        form={group}
        fields={PASSWORD_FIELD}
        id={`${idPrefix}-password`}
        label={labels.password}
        newPassword
      />
      <AccountPasswordField
        form={group}
        fields={CONFIRM_PASSWORD_FIELD}
        id={`${idPrefix}-confirm-password`}
        label={labels.confirm}
        newPassword
      />
    </>
  ),
});

/** A new account's fields, as sign-up and first-run setup ask for them, empty. */
export const NEW_ACCOUNT_DEFAULTS = { name: '', email: '', password: '', confirmPassword: '' };

export const NEW_ACCOUNT_FIELDS = {
  name: 'name',
  email: 'email',
  password: 'password',
  confirmPassword: 'confirmPassword',
} as const;

/** Name, e-mail and the new password twice (ids `{idPrefix}-name`, `{idPrefix}-email`, ...). */
export const NewAccountFields = withFieldGroup({
  defaultValues: NEW_ACCOUNT_DEFAULTS,
  props: { idPrefix: '' },
  render: ({ group, idPrefix }) => (
    <>
      <NameField form={group} fields={NAME_FIELD} id={`${idPrefix}-name`} />
      <EmailField form={group} fields={EMAIL_FIELD} id={`${idPrefix}-email`} />
      <NewPasswordPair
        form={group}
        fields={NEW_PASSWORD_FIELDS}
        idPrefix={idPrefix}
        labels={PASSWORD_LABELS}
      />
    </>
  ),
});
