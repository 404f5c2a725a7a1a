/**
 * A new password and its confirmation, as sign-up, first-run setup, password reset and the profile's
 * password change all ask for it: two password fields (ids `{idPrefix}-password` and `{idPrefix}-confirm-password`: the prefix must leave them unique on the page)
 * with `autocomplete="new-password"`, bound to the form's `password` and `confirmPassword` (the contract
 * schemas check the rules and that the two match).
 */
import { withFieldGroup } from '~/components/ui/form/form-kit';
import { AUTH_TEXT } from './auth-text';

/** The form fields the group binds to: pass as `fields`. */
export const NEW_PASSWORD_FIELDS = { password: 'password', confirmPassword: 'confirmPassword' } as const;

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

export const NewPasswordPair = withFieldGroup({
  defaultValues: { password: '', confirmPassword: '' },
  props: { idPrefix: '', labels: PASSWORD_LABELS as PasswordLabels },
  render: ({ group, idPrefix, labels }) => (
    <>
      <group.AppField name="password">
        {(field) => (
          <field.PasswordField
            id={`${idPrefix}-password`}
            label={labels.password}
            autoComplete="new-password"
          />
        )}
      </group.AppField>
      <group.AppField name="confirmPassword">
        {(field) => (
          <field.PasswordField
            id={`${idPrefix}-confirm-password`}
            label={labels.confirm}
            autoComplete="new-password"
          />
        )}
      </group.AppField>
    </>
  ),
});
